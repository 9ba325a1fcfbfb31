# One-off authoring aid: writes the age-1 scenario files (kept for reference; the JSON files are the source of truth).
import json, os
D = "engine/tests/scenarios/age1"
os.makedirs(D, exist_ok=True)
def w(fname, s):
    json.dump(s, open(os.path.join(D, fname), "w"), indent=2)
    open(os.path.join(D, fname), "a").write("\n")

A2 = ["alice", "bob"]
w("archery-two-opponents.json", {
 "name": "Archery: the demand hits two opponents in turn order; a tie for highest is the victim's choice",
 "players": ["alice", "bob", "carol"],
 "setup": {"alice": {"red": ["Archery"]}, "bob": {"hand": ["Agriculture"]}, "carol": {"hand": ["Calendar"]},
           "decks": {"base": {"1": ["Tools", "Sailing"]}}, "achievements": ["Writing", "Alchemy"]},
 "steps": [{"player": "alice", "action": "dogma", "card": "Archery"}, {"player": "bob", "choose": ["Tools"]}],
 "expect": {"alice": {"red": ["Archery"], "hand": ["Tools", "Calendar"]}, "bob": {"hand": ["Agriculture"]},
            "carol": {"hand": ["Sailing"]}, "achievements": ["Alchemy"], "junk": ["Writing"]}})

w("metalworking-main.json", {
 "name": "Metalworking: scores drawn cards with [authority] until one without",
 "players": A2,
 "setup": {"alice": {"red": ["Metalworking"]}, "decks": {"base": {"1": ["Archery", "Masonry", "Pottery"]}}},
 "steps": [{"action": "dogma", "card": "Metalworking"}],
 "expect": {"alice": {"red": ["Metalworking"], "score": ["Archery", "Masonry"], "hand": ["Pottery"]}, "bob": {}}})

w("metalworking-shared.json", {
 "name": "Metalworking: a sharing opponent goes first, then the free Draw",
 "players": A2,
 "setup": {"alice": {"red": ["Metalworking"]}, "bob": {"green": ["The Wheel"]},
           "decks": {"base": {"1": ["Sailing", "Oars", "Clothing", "Writing"]}}},
 "steps": [{"action": "dogma", "card": "Metalworking"}],
 "expect": {"alice": {"red": ["Metalworking"], "score": ["Oars"], "hand": ["Clothing", "Writing"]},
            "bob": {"green": ["The Wheel"], "hand": ["Sailing"]}}})

w("oars-repeat.json", {
 "name": "Oars: the demand repeats while cards are transferred; no draw for the non-demand",
 "players": A2,
 "setup": {"alice": {"red": ["Oars"]}, "bob": {"hand": ["Sailing", "City States", "Archery"]},
           "decks": {"base": {"1": ["Agriculture", "Domestication", "Tools"]}}},
 "steps": [{"action": "dogma", "card": "Oars"}, {"player": "bob", "choose": ["Sailing"]}],
 "expect": {"alice": {"red": ["Oars"], "score": ["Sailing", "City States", "Domestication"]},
            "bob": {"hand": ["Archery", "Agriculture", "Tools"]}}})

w("oars-nothing-transferred.json", {
 "name": "Oars: with nothing transferred, the non-demand draws a 1",
 "players": A2,
 "setup": {"alice": {"red": ["Oars"]}, "bob": {"hand": ["Archery"]}, "decks": {"base": {"1": ["Writing"]}}},
 "steps": [{"action": "dogma", "card": "Oars"}],
 "expect": {"alice": {"red": ["Oars"], "hand": ["Writing"]}, "bob": {"hand": ["Archery"]}}})

w("oars-shared.json", {
 "name": "Oars: an opponent with as many [authority] is not demanded of and shares the draw",
 "players": A2,
 "setup": {"alice": {"red": ["Oars"]}, "bob": {"green": ["The Wheel"], "hand": ["Sailing"]},
           "decks": {"base": {"1": ["Tools", "Writing", "Pottery"]}}},
 "steps": [{"action": "dogma", "card": "Oars"}],
 "expect": {"alice": {"red": ["Oars"], "hand": ["Writing", "Pottery"]},
            "bob": {"green": ["The Wheel"], "hand": ["Sailing", "Tools"]}}})

w("agriculture-main.json", {
 "name": "Agriculture: return a 3, draw and score a 4",
 "players": A2,
 "setup": {"alice": {"yellow": ["Agriculture"], "hand": ["Alchemy"]}, "decks": {"base": {"4": ["Gunpowder"]}}},
 "steps": [{"action": "dogma", "card": "Agriculture"}, {"choose": ["Alchemy"]}],
 "expect": {"alice": {"yellow": ["Agriculture"], "score": ["Gunpowder"]}, "bob": {}}})

w("agriculture-empty-age.json", {
 "name": "Agriculture: the age one higher is empty, so the next higher age is drawn",
 "players": A2,
 "setup": {"alice": {"yellow": ["Agriculture"], "hand": ["Archery"]},
           "decks_exact": {"base": {"2": []}}, "decks": {"base": {"3": ["Compass"]}}},
 "steps": [{"action": "dogma", "card": "Agriculture"}, {"choose": ["Archery"]}],
 "expect": {"alice": {"yellow": ["Agriculture"], "score": ["Compass"]}, "bob": {}, "deck_sizes": {"base": {"2": 0}}}})

w("agriculture-declined.json", {
 "name": "Agriculture: declining the return scores nothing",
 "players": A2,
 "setup": {"alice": {"yellow": ["Agriculture"], "hand": ["Archery"]}},
 "steps": [{"action": "dogma", "card": "Agriculture"}, {"choose": []}],
 "expect": {"alice": {"yellow": ["Agriculture"], "hand": ["Archery"]}, "bob": {}}})

w("domestication-tie.json", {
 "name": "Domestication: a choice between tied lowest cards, then draw a 1",
 "players": A2,
 "setup": {"alice": {"yellow": ["Domestication"], "hand": ["Archery", "Sailing", "Alchemy"]},
           "decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"action": "dogma", "card": "Domestication"}, {"choose": ["Sailing"]}],
 "expect": {"alice": {"yellow": ["Domestication"], "green": ["Sailing"], "hand": ["Archery", "Alchemy", "Tools"]}, "bob": {}}})

w("domestication-shared-empty-hand.json", {
 "name": "Domestication: with an empty hand only the draw happens; the sharer's meld earns the free Draw",
 "players": A2,
 "setup": {"alice": {"yellow": ["Domestication"]}, "bob": {"yellow": ["Masonry"], "hand": ["Writing"]},
           "decks": {"base": {"1": ["Oars", "Pottery", "Clothing"]}}},
 "steps": [{"action": "dogma", "card": "Domestication"}],
 "expect": {"alice": {"yellow": ["Domestication"], "hand": ["Pottery", "Clothing"]},
            "bob": {"yellow": ["Masonry"], "blue": ["Writing"], "hand": ["Oars"]}}})

w("masonry-monument.json", {
 "name": "Masonry: melding two red cards makes exactly three red cards and claims Monument",
 "players": A2,
 "setup": {"alice": {"yellow": ["Masonry"], "red": ["Archery"], "hand": ["Metalworking", "Oars", "Sailing"]}},
 "steps": [{"action": "dogma", "card": "Masonry"}, {"choose": ["Metalworking", "Oars"]}, {"choose": ["Metalworking", "Oars"]}],
 "expect": {"alice": {"yellow": ["Masonry"], "red": ["Oars", "Metalworking", "Archery"], "hand": ["Sailing"], "achievements": ["Monument"]},
            "bob": {}, "special_achievements": ["Empire", "World", "Wonder", "Universe"]}})

w("masonry-four-red.json", {
 "name": "Masonry: four red cards are not exactly three, so Monument is not claimed",
 "players": A2,
 "setup": {"alice": {"yellow": ["Masonry"], "red": ["Archery", "Oars", "Metalworking"], "hand": ["Construction"]}},
 "steps": [{"action": "dogma", "card": "Masonry"}, {"choose": ["Construction"]}],
 "expect": {"alice": {"yellow": ["Masonry"], "red": ["Construction", "Archery", "Oars", "Metalworking"]},
            "bob": {}, "special_achievements": ["Monument", "Empire", "World", "Wonder", "Universe"]}})

w("clothing-main.json", {
 "name": "Clothing: melds the only card of a new colour, scores for the colour no opponent has",
 "players": A2,
 "setup": {"alice": {"green": ["Clothing"], "hand": ["Archery", "Sailing"]}, "bob": {"red": ["Oars"]},
           "decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"action": "dogma", "card": "Clothing"}],
 "expect": {"alice": {"green": ["Clothing"], "red": ["Archery"], "hand": ["Sailing"], "score": ["Tools"]},
            "bob": {"red": ["Oars"]}}})

w("clothing-shared.json", {
 "name": "Clothing: shared effect by effect; nothing to meld for alice; free Draw",
 "players": A2,
 "setup": {"alice": {"green": ["Clothing"], "hand": ["Sailing"]}, "bob": {"yellow": ["Agriculture"], "hand": ["Writing"]},
           "decks": {"base": {"1": ["Archery", "Oars", "Mysticism", "Tools"]}}},
 "steps": [{"action": "dogma", "card": "Clothing"}],
 "expect": {"alice": {"green": ["Clothing"], "hand": ["Sailing", "Tools"], "score": ["Mysticism"]},
            "bob": {"yellow": ["Agriculture"], "blue": ["Writing"], "score": ["Archery", "Oars"]}}})

w("sailing-main.json", {
 "name": "Sailing: draw and meld a 1",
 "players": A2,
 "setup": {"alice": {"green": ["Sailing"]}, "decks": {"base": {"1": ["Archery"]}}},
 "steps": [{"action": "dogma", "card": "Sailing"}],
 "expect": {"alice": {"green": ["Sailing"], "red": ["Archery"]}, "bob": {}}})

w("sailing-empty-age.json", {
 "name": "Sailing: with age 1 empty, a 2 is drawn and melded",
 "players": A2,
 "setup": {"alice": {"green": ["Sailing"]}, "decks_exact": {"base": {"1": []}}, "decks": {"base": {"2": ["Calendar"]}}},
 "steps": [{"action": "dogma", "card": "Sailing"}],
 "expect": {"alice": {"green": ["Sailing"], "blue": ["Calendar"]}, "bob": {}, "deck_sizes": {"base": {"1": 0}}}})

w("the-wheel-main.json", {
 "name": "The Wheel: draw two 1",
 "players": A2,
 "setup": {"alice": {"green": ["The Wheel"]}, "decks": {"base": {"1": ["Archery", "Oars"]}}},
 "steps": [{"action": "dogma", "card": "The Wheel"}],
 "expect": {"alice": {"green": ["The Wheel"], "hand": ["Archery", "Oars"]}, "bob": {}}})

w("the-wheel-age-runs-out.json", {
 "name": "The Wheel: age 1 runs out after one card, the second comes from age 2",
 "players": A2,
 "setup": {"alice": {"green": ["The Wheel"]}, "decks_exact": {"base": {"1": ["Archery"]}}, "decks": {"base": {"2": ["Calendar"]}}},
 "steps": [{"action": "dogma", "card": "The Wheel"}],
 "expect": {"alice": {"green": ["The Wheel"], "hand": ["Archery", "Calendar"]}, "bob": {}}})

w("pottery-three.json", {
 "name": "Pottery: return three, draw and score a 3, then draw a 1",
 "players": A2,
 "setup": {"alice": {"blue": ["Pottery"], "hand": ["Archery", "Oars", "Sailing", "Writing"]},
           "decks": {"base": {"1": ["Tools"], "3": ["Alchemy"]}}},
 "steps": [{"action": "dogma", "card": "Pottery"}, {"choose": ["Archery", "Oars", "Sailing"]}, {"choose": ["any order"]}],
 "expect": {"alice": {"blue": ["Pottery"], "hand": ["Writing", "Tools"], "score": ["Alchemy"]}, "bob": {}}})

w("pottery-declined.json", {
 "name": "Pottery: returning nothing scores nothing; the draw still happens",
 "players": A2,
 "setup": {"alice": {"blue": ["Pottery"], "hand": ["Archery"]}, "decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"action": "dogma", "card": "Pottery"}, {"choose": []}],
 "expect": {"alice": {"blue": ["Pottery"], "hand": ["Archery", "Tools"]}, "bob": {}}})

w("tools-main.json", {
 "name": "Tools: return three to draw and meld a 3, then return a 3 to draw three 1",
 "players": A2,
 "setup": {"alice": {"blue": ["Tools"], "hand": ["Archery", "Oars", "Sailing", "Alchemy"]},
           "decks": {"base": {"1": ["Writing", "Pottery", "Mysticism"], "3": ["Compass"]}}},
 "steps": [{"action": "dogma", "card": "Tools"}, {"choose": ["yes"]}, {"choose": ["Archery", "Oars", "Sailing"]},
           {"choose": ["any order"]}, {"choose": ["Alchemy"]}],
 "expect": {"alice": {"blue": ["Tools"], "green": ["Compass"], "hand": ["Writing", "Pottery", "Mysticism"]}, "bob": {}}})

w("tools-two-cards.json", {
 "name": "Tools: with only two cards the golden rule returns both, and that counts as doing it",
 "players": A2,
 "setup": {"alice": {"blue": ["Tools"], "hand": ["Archery", "Oars"]}, "decks": {"base": {"3": ["Compass"]}}},
 "steps": [{"action": "dogma", "card": "Tools"}, {"choose": ["yes"]}, {"choose": ["any order"]}],
 "expect": {"alice": {"blue": ["Tools"], "green": ["Compass"]}, "bob": {}}})

w("writing-main.json", {
 "name": "Writing: draw a 2",
 "players": A2,
 "setup": {"alice": {"blue": ["Writing"]}, "decks": {"base": {"2": ["Calendar"]}}},
 "steps": [{"action": "dogma", "card": "Writing"}],
 "expect": {"alice": {"blue": ["Writing"], "hand": ["Calendar"]}, "bob": {}}})

w("writing-shared.json", {
 "name": "Writing: the sharer draws first, then alice, then alice's free Draw of a 1",
 "players": A2,
 "setup": {"alice": {"blue": ["Writing"]}, "bob": {"blue": ["Tools"]},
           "decks": {"base": {"1": ["Archery"], "2": ["Calendar", "Mathematics"]}}},
 "steps": [{"action": "dogma", "card": "Writing"}],
 "expect": {"alice": {"blue": ["Writing"], "hand": ["Mathematics", "Archery"]}, "bob": {"blue": ["Tools"], "hand": ["Calendar"]}}})

w("city-states-main.json", {
 "name": "City States: an opponent with four or more [authority] gives a top card with [authority] and draws",
 "players": A2,
 "setup": {"alice": {"purple": ["City States"]}, "bob": {"red": ["Archery"], "green": ["The Wheel"]},
           "decks": {"base": {"1": ["Tools"]}}},
 "steps": [{"action": "dogma", "card": "City States"}, {"player": "bob", "choose": ["The Wheel"]}],
 "expect": {"alice": {"purple": ["City States"], "green": ["The Wheel"]}, "bob": {"red": ["Archery"], "hand": ["Tools"]}}})

w("city-states-too-few.json", {
 "name": "City States: with fewer than four [authority] nothing happens",
 "players": A2,
 "setup": {"alice": {"purple": ["City States"]}, "bob": {"red": ["Archery"]}},
 "steps": [{"action": "dogma", "card": "City States"}],
 "expect": {"alice": {"purple": ["City States"]}, "bob": {"red": ["Archery"]}}})

w("code-of-laws-main.json", {
 "name": "Code of Laws: tuck a card of a colour on the board and splay it left",
 "players": A2,
 "setup": {"alice": {"purple": ["Code of Laws"], "red": ["Archery"], "hand": ["Oars", "Sailing"]}},
 "steps": [{"action": "dogma", "card": "Code of Laws"}, {"choose": ["Oars"]}, {"choose": ["yes"]}],
 "expect": {"alice": {"purple": ["Code of Laws"], "red": {"cards": ["Archery", "Oars"], "splay": "left"}, "hand": ["Sailing"]}, "bob": {}}})

w("code-of-laws-no-match.json", {
 "name": "Code of Laws: no card of a colour on the board, nothing is tucked or splayed",
 "players": A2,
 "setup": {"alice": {"purple": ["Code of Laws"], "red": ["Archery", "Oars"], "hand": ["Sailing"]}},
 "steps": [{"action": "dogma", "card": "Code of Laws"}],
 "expect": {"alice": {"purple": ["Code of Laws"], "red": ["Archery", "Oars"], "hand": ["Sailing"]}, "bob": {}}})

w("mysticism-match.json", {
 "name": "Mysticism: a revealed card of a colour on the board is melded, and a 1 drawn",
 "players": A2,
 "setup": {"alice": {"purple": ["Mysticism"], "red": ["Archery"]}, "decks": {"base": {"1": ["Oars", "Sailing"]}}},
 "steps": [{"action": "dogma", "card": "Mysticism"}],
 "expect": {"alice": {"purple": ["Mysticism"], "red": ["Oars", "Archery"], "hand": ["Sailing"]}, "bob": {}}})

w("mysticism-no-match.json", {
 "name": "Mysticism: a revealed card of a new colour stays in hand",
 "players": A2,
 "setup": {"alice": {"purple": ["Mysticism"]}, "decks": {"base": {"1": ["Sailing"]}}},
 "steps": [{"action": "dogma", "card": "Mysticism"}],
 "expect": {"alice": {"purple": ["Mysticism"], "hand": ["Sailing"]}, "bob": {}}})
