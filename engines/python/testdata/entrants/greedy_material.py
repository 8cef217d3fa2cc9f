"""A one-ply material player in the family tournament's form: of the boards its moves give, the
one with the best material for the side to move (the first of equals)."""
import boardmoves

nodes = 0


def main(history, white_time, black_time):
    global nodes
    white = len(history) % 2 == 1
    options = boardmoves.successors(history[-1], white)
    nodes += len(options)
    sign = 1 if white else -1
    return max(options, key=lambda option: sign * boardmoves.material(option[1]))[1]
