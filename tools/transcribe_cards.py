#!/usr/bin/env python3
"""Transcribes the card reference (../shared/cards) into the project's own card format (cards/*.json).

Run once when the reference changes (`python3 tools/transcribe_cards.py ../shared/cards` from the
repository root); the output is committed and embedded by the engine.

Project format, one file per set (`cards/<set>.json`):
- `icons`: the named icon slots. Four for most cards (top_left, bottom_left, bottom_middle,
  bottom_right); Cities print six, kept in the reference's order as slot_1 .. slot_6 (the
  geometry of the two extra slots is settled by the Cities work). A slot holds a standard icon,
  `hex` (the card image), `echo`, `bonus-N`, a Cities special icon, `search-<icon>` (a Cities
  search icon), or `none` (Battleship Yamato).
- Cities search icons: the reference does not mark them. slot_6 is the slot where every city
  prints its special icon (plus, junk, arrows, flag, ...); the 19 cities (ages 1 to 5) that
  print a standard icon there print it as their search icon ("a standard icon with a magnifying
  glass in its corner"), so a standard icon in slot_6 is written `search-<icon>`. A reading,
  stated in engine/SCENARIOS.md.
- `echo`: the echo effect's text (Echoes); `karma`: karma texts (Figures); `effects`: dogma
  effects with `kind` demand, compel or non-demand.
- `featured_icon`: null for cards with no dogma effects (Cities, Battleship Yamato).
- `notes`: where the reference itself notes a doubt worth keeping beside the card."""
import json, sys, os

src = sys.argv[1] if len(sys.argv) > 1 else "../shared/cards"
FOUR = ["top_left", "bottom_left", "bottom_middle", "bottom_right"]
SIX = ["slot_1", "slot_2", "slot_3", "slot_4", "slot_5", "slot_6"]


STANDARD = {"authority", "concept", "health", "prosperity", "industry", "efficiency", "avatar"}


def slots(icons):
    names = FOUR if len(icons) == 4 else SIX
    out = {n: (i if i is not None else "none") for n, i in zip(names, icons)}
    if len(icons) == 6 and out["slot_6"] in STANDARD:
        out["slot_6"] = "search-" + out["slot_6"]
    return out


def card(c):
    out = {
        "number": c["number"],
        "title": c["name"],
        "age": c["age"],
        "color": c["color"],
        "icons": slots(c["icons"]),
        "featured_icon": c["featured_icon"],
    }
    if c.get("echo_effect"):
        out["echo"] = c["echo_effect"]
    out["effects"] = [{"kind": e["kind"], "text": e["text"]} for e in c["effects"]]
    if c.get("karma"):
        out["karma"] = list(c["karma"])
    return out


def write(name, obj):
    with open(os.path.join("cards", name), "w") as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.write("\n")


for s in ["base", "echoes", "cities", "artifacts", "figures", "unseen"]:
    ref = json.load(open(os.path.join(src, s + ".json")))
    assert ref["set"] == s and len(ref["cards"]) == 115, s
    write(s + ".json", {"set": s, "edition": 4, "cards": [card(c) for c in ref["cards"]]})

age0 = json.load(open(os.path.join(src, "age-0.json")))
write("age-0.json", {"set": "base", "edition": 4, "cards": [card(c) for c in age0["cards"]]})

sp = json.load(open(os.path.join(src, "special-achievements.json")))
outs = [{"name": s["name"], "set": s["set"], "condition": s["condition"], "claimed_via": s["also_claimed_via"]}
        for s in sp["special_achievements"]]
write("special-achievements.json", {"edition": 4, "special_achievements": outs})

dec = json.load(open(os.path.join(src, "decrees.json")))
write("decrees.json", {"edition": 4, "decrees": [
    {"name": d["name"], "color": d["color"], "effects": [{"kind": e["kind"], "text": e["text"]} for e in d["effects"]]}
    for d in dec["decrees"]]})

mus = json.load(open(os.path.join(src, "museums.json")))
write("museums.json", {"edition": 4, "museums": [m["name"] for m in mus["museums"]]})
