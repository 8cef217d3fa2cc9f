"""Shuffles a knight out and back, and claims a draw the way the family's entrants did: when the
board has been the same every fourth ply three times. The referee ends the game at the third
repetition before asking, so the claim is never made under arbiter."""
import boardmoves
from shared import ThreeFoldRepetition

SHUFFLES = {True: ("g1f3", "f3g1"), False: ("g8f6", "f6g8")}


def main(history, white_time, black_time):
    if len(history) > 9 and history[-1] == history[-5] == history[-9]:
        raise ThreeFoldRepetition
    white = len(history) % 2 == 1
    options = boardmoves.successors(history[-1], white)
    for text, after in options:
        if text in SHUFFLES[white]:
            return after
    return options[0][1]
