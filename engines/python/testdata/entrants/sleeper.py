"""Thinks two seconds longer than its clock allows, then plays a legal move."""
import time

import boardmoves


def choose_move(fen, milliseconds_left):
    time.sleep(milliseconds_left / 1000 + 2)
    board, white = boardmoves.board_from_fen(fen)
    return boardmoves.successors(board, white)[0][0]
