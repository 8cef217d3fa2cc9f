"""A broken entrant: its evaluation divides by the number of its queens' moves, which is zero."""


def evaluate(board):
    queen_moves = 0
    return len(board) / queen_moves


def main(history, white_time, black_time):
    evaluate(history[-1])
    return history[-1]
