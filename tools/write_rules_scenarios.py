# One-off authoring aid: writes the base-rules scenario files (the JSON files are the source of truth).
import json, os
D = "engine/tests/scenarios/rules"
os.makedirs(D, exist_ok=True)
def w(fname, s):
    with open(os.path.join(D, fname), "w") as f:
        json.dump(s, f, indent=2); f.write("\n")
A2 = ["alice", "bob"]
P4 = ["alice", "bob", "carol", "dan"]

w("draw-skips-empty-ages.json", {
 "name": "Draw action: from the highest top card's age, skipping empty ages",
 "players": A2,
 "setup": {"alice": {"blue": ["Calendar"], "red": ["Archery"]}, "decks_exact": {"base": {"2": []}}, "decks": {"base": {"3": ["Alchemy"]}}},
 "steps": [{"action": "draw"}],
 "expect": {"alice": {"blue": ["Calendar"], "red": ["Archery"], "hand": ["Alchemy"]}, "bob": {}, "turn": {"player": "bob", "actions_left": 2}}})

w("draw-empty-board.json", {
 "name": "Draw action: with no top card the value is 0, so a 1 is drawn",
 "players": A2,
 "setup": {"decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"action": "draw"}],
 "expect": {"alice": {"hand": ["Tools"]}, "bob": {}}})

w("meld-continues-splay.json", {
 "name": "Meld action: a card melded on a splayed pile continues the splay",
 "players": A2,
 "setup": {"alice": {"red": {"cards": ["Archery", "Oars"], "splay": "left"}, "hand": ["Metalworking"]}},
 "steps": [{"action": "meld", "card": "Metalworking"}],
 "expect": {"alice": {"red": {"cards": ["Metalworking", "Archery", "Oars"], "splay": "left"}}, "bob": {}}})

w("achieve-eligibility.json", {
 "name": "Achieve action: score at least five times the value and a top card of that value",
 "players": A2,
 "setup": {"alice": {"blue": ["Calendar"], "score": ["Alchemy", "Compass", "Paper", "Translation"]},
           "achievements": ["Archery", "Currency", "Engineering"]},
 "steps": [],
 "expect": {"partial": True, "question": {"player": "alice", "actions": {"achieve": [1, 2]}}}})

w("achieve-claims.json", {
 "name": "Achieve action: the achievement moves to the player; points are not spent",
 "players": A2,
 "setup": {"alice": {"blue": ["Calendar"], "score": ["Alchemy", "Compass", "Paper", "Translation"]},
           "achievements": ["Archery", "Currency", "Engineering"]},
 "steps": [{"action": "achieve", "age": 2}],
 "expect": {"alice": {"blue": ["Calendar"], "score": ["Alchemy", "Compass", "Paper", "Translation"], "achievements": ["Currency"]},
            "bob": {}, "achievements": ["Archery", "Engineering"]}})

w("achieve-victory.json", {
 "name": "Achievement victory: six achievements with two players, checked at the end of the action",
 "players": A2,
 "setup": {"alice": {"red": ["Archery"], "score": ["Alchemy", "Compass"], "achievements": ["Monument", "Empire", "World", "Wonder", "Universe"]},
           "achievements": ["Sailing"]},
 "steps": [{"action": "achieve", "age": 1}],
 "expect": {"winner": "alice", "win_reason": "achievements", "partial": True}})

w("score-victory.json", {
 "name": "Score victory: a draw above 11 ends the game; the highest score wins",
 "players": A2,
 "setup": {"alice": {"blue": ["Software"], "score": ["Alchemy"]}, "bob": {"score": ["Gunpowder"]},
           "decks_exact": {"base": {"10": [], "11": []}}},
 "steps": [{"action": "draw"}],
 "expect": {"winner": "bob", "win_reason": "score", "partial": True}})

w("score-victory-tie-achievements.json", {
 "name": "Score victory: tied scores go to the player with more achievements",
 "players": A2,
 "setup": {"alice": {"blue": ["Software"], "score": ["Gunpowder"], "achievements": ["Archery"]}, "bob": {"score": ["Invention"]},
           "decks_exact": {"base": {"10": [], "11": []}}},
 "steps": [{"action": "draw"}],
 "expect": {"winner": "alice", "win_reason": "score", "partial": True}})

w("score-victory-draw.json", {
 "name": "Score victory: tied score and achievements is a draw, shared by both",
 "players": A2,
 "setup": {"alice": {"blue": ["Software"], "score": ["Gunpowder"]}, "bob": {"score": ["Invention"]},
           "decks_exact": {"base": {"10": [], "11": []}}},
 "steps": [{"action": "draw"}],
 "expect": {"winner": ["alice", "bob"], "win_reason": "score", "partial": True}})

w("sharing-nothing-done-no-free-draw.json", {
 "name": "Sharing: a sharing player who does nothing earns no free Draw",
 "players": A2,
 "setup": {"alice": {"yellow": ["Agriculture"]}, "bob": {"blue": ["Pottery"], "hand": ["Archery"]}},
 "steps": [{"action": "dogma", "card": "Agriculture"}, {"player": "bob", "choose": []}],
 "expect": {"alice": {"yellow": ["Agriculture"]}, "bob": {"blue": ["Pottery"], "hand": ["Archery"]}}})

w("first-turns-four-players.json", {
 "name": "First turns: with four players the first two players take one action, the rest two",
 "players": P4,
 "setup": {"decks": {"base": {"1": ["Tools", "Writing"]}}},
 "steps": [{"player": "alice", "action": "draw"}, {"player": "bob", "action": "draw"}],
 "expect": {"alice": {"hand": ["Tools"]}, "bob": {"hand": ["Writing"]}, "carol": {}, "dan": {}, "turn": {"player": "carol", "actions_left": 2}}})

w("first-turn-two-players.json", {
 "name": "First turns: with two players only the first player takes one action",
 "players": A2,
 "setup": {"decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"player": "alice", "action": "draw"}],
 "expect": {"alice": {"hand": ["Tools"]}, "bob": {}, "turn": {"player": "bob", "actions_left": 2}}})

w("parley-distant-card.json", {
 "name": "Parley: using a distant player's top card costs a card from hand; a distant sharer without cards cannot parley",
 "players": P4,
 "setup": {"alice": {"hand": ["Archery"]}, "carol": {"blue": ["Writing"]},
           "decks": {"base": {"1": ["Tools"], "2": ["Calendar", "Mathematics", "Currency"]}},
           "turn": {"player": "alice", "actions_left": 2}},
 "steps": [{"player": "alice", "action": "dogma", "card": "Writing"}],
 "expect": {"alice": {"hand": ["Currency", "Tools"]}, "bob": {"hand": ["Calendar"]}, "carol": {"blue": ["Writing"]},
            "dan": {"hand": ["Mathematics"]}, "turn": {"player": "alice", "actions_left": 1}}})

w("parley-to-share.json", {
 "name": "Parley: a distant eligible player may return a card to share",
 "players": P4,
 "setup": {"alice": {"blue": ["Writing"]}, "bob": {"blue": ["Tools"]}, "carol": {"purple": ["Philosophy"], "hand": ["Archery"]},
           "dan": {"green": ["The Wheel"]},
           "decks": {"base": {"1": ["Oars"], "2": ["Calendar", "Mathematics", "Currency"]}},
           "turn": {"player": "alice", "actions_left": 2}},
 "steps": [{"player": "alice", "action": "dogma", "card": "Writing"}, {"player": "carol", "choose": ["yes"]}],
 "expect": {"alice": {"blue": ["Writing"], "hand": ["Currency", "Oars"]}, "bob": {"blue": ["Tools"], "hand": ["Calendar"]},
            "carol": {"purple": ["Philosophy"], "hand": ["Mathematics"]}, "dan": {"green": ["The Wheel"]}}})

w("parley-immunity.json", {
 "name": "Parley: a distant vulnerable player may return a card to be immune to a demand",
 "players": P4,
 "setup": {"alice": {"red": ["Archery"]}, "bob": {"purple": ["Mysticism"]}, "carol": {"hand": ["Sailing", "Tools"]},
           "dan": {"green": ["The Wheel"]}, "achievements": ["Alchemy"],
           "turn": {"player": "alice", "actions_left": 2}},
 "steps": [{"player": "alice", "action": "dogma", "card": "Archery"}, {"player": "carol", "choose": ["yes"]},
           {"player": "carol", "choose": ["Sailing"]}],
 "expect": {"alice": {"red": ["Archery"]}, "bob": {"purple": ["Mysticism"]}, "carol": {"hand": ["Tools"]},
            "dan": {"green": ["The Wheel"]}, "achievements": ["Alchemy"]}})

w("teams-teammate-not-vulnerable.json", {
 "name": "Teams: a teammate with fewer icons is never vulnerable to a demand",
 "players": P4, "teams": [["alice", "carol"], ["bob", "dan"]],
 "setup": {"alice": {"red": ["Archery"]}, "bob": {"hand": ["Agriculture"]}, "carol": {"hand": ["Tools"]},
           "decks": {"base": {"1": ["Oars", "Sailing"]}}, "achievements": ["Alchemy"],
           "turn": {"player": "alice", "actions_left": 2}},
 "steps": [{"player": "alice", "action": "dogma", "card": "Archery"}, {"player": "bob", "choose": ["Oars"]}],
 "expect": {"alice": {"red": ["Archery"], "hand": ["Oars", "Sailing"]}, "bob": {"hand": ["Agriculture"]},
            "carol": {"hand": ["Tools"]}, "dan": {}}})

w("teams-achievements-together.json", {
 "name": "Teams: a team's achievements count together; two teams need six",
 "players": P4, "teams": [["alice", "carol"], ["bob", "dan"]],
 "setup": {"alice": {"red": ["Archery"], "score": ["Alchemy", "Compass"], "achievements": ["Monument", "Empire", "World"]},
           "carol": {"achievements": ["Wonder", "Universe"]}, "achievements": ["Sailing"],
           "turn": {"player": "alice", "actions_left": 2}},
 "steps": [{"player": "alice", "action": "achieve", "age": 1}],
 "expect": {"winner": ["alice", "carol"], "win_reason": "achievements", "partial": True}})
