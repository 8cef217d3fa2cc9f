"""Claims a draw by the fifty-move rule at its first move, when the rule does not allow it."""
import shared


def main(history, white_time, black_time):
    raise shared.FiftyMoveException
