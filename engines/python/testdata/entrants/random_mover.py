"""A random mover in the tutorials' form: one legal move, chosen by a generator seeded with the
position, so that the same position always gets the same move."""
import random

import boardmoves


def choose_move(fen):
    board, white = boardmoves.board_from_fen(fen)
    return random.Random(fen).choice(boardmoves.successors(board, white))[0]
