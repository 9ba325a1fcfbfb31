#!/usr/bin/env python3
"""Transcribes the card reference (../shared/cards) into the project's own card format (cards/*.json).

Run once when the reference changes; the output is committed and embedded by the engine."""
import json, sys, os
src = sys.argv[1] if len(sys.argv) > 1 else "../shared/cards"
ref = json.load(open(os.path.join(src, "base.json")))
out = []
for c in ref["cards"]:
    i = c["icons"]
    out.append({
        "number": c["number"],
        "title": c["name"],
        "age": c["age"],
        "color": c["color"],
        "icons": {"top_left": i[0], "bottom_left": i[1], "bottom_middle": i[2], "bottom_right": i[3]},
        "featured_icon": c["featured_icon"],
        "effects": [{"kind": e["kind"], "text": e["text"]} for e in c["effects"]],
    })
json.dump({"set": "base", "edition": 4, "cards": out}, open("cards/base.json", "w"), indent=1, ensure_ascii=False)
sp = json.load(open(os.path.join(src, "special-achievements.json")))
outs = [{"name": s["name"], "set": s["set"], "condition": s["condition"], "claimed_via": s["also_claimed_via"]}
        for s in sp["special_achievements"] if s["set"] == "base"]
json.dump({"edition": 4, "special_achievements": outs}, open("cards/special-achievements.json", "w"), indent=1, ensure_ascii=False)
