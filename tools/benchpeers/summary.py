"""Where the items ended, in a few numbers that every engine should roughly agree on: the mean
displacement from the start, and how many items left the container. A peer scene built wrong
(units, gravity, springs) shows here long before it shows in a ratio."""


def summarize(starts, ends, walls):
    n = len(starts)
    dx = sum(e[0] - s[0] for s, e in zip(starts, ends)) / n
    dy = sum(e[1] - s[1] for s, e in zip(starts, ends)) / n
    outside = 0
    if walls is not None:
        x0, y0, x1, y1 = walls
        outside = sum(1 for x, y in ends if not (x0 <= x <= x1 and y0 <= y <= y1))
    return {"mean_dx": dx, "mean_dy": dy, "outside": outside}
