"""The peer engines, each built from a `scene.Scene` (imported only inside the venv).

Every driver has `step()` (one frame, the only thing timed) and `centers()` (item centers in
points, y down, for the scene check).
"""

# name → (module, class, PyPI distribution, what it is); the order is the table's.
PEERS = {
    "box2d-2.3": ("box2d_v2", "Box2DV2", "Box2D", "Box2D 2.3 (pybox2d)"),
    "box2d-v3": ("box2d_v3", "Box2DV3", "pyb2d3", "Box2D v3.1 (pyb2d3)"),
    "chipmunk": ("chipmunk", "Chipmunk", "pymunk", "Chipmunk (pymunk)"),
}

# The pinned versions tools/bench-peers installs into its virtual environment.
REQUIREMENTS = ("box2d==2.3.10", "pyb2d3==0.11.1", "pymunk==7.3.1")

PT_PER_METRE = 100.0   # Box2D's scale: 100 pt per metre, so a 100x100 pt item of density 1 is 1 kg


def metres(x, y):
    """A point or vector in Box2D's units."""
    return (x / PT_PER_METRE, y / PT_PER_METRE)


def wall_segments(walls):
    """The container's four sides, corner to corner."""
    x0, y0, x1, y1 = walls
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return [(corners[i], corners[(i + 1) % 4]) for i in range(4)]


def make(name, scene, workers):
    import importlib
    module, cls, _, _ = PEERS[name]
    driver = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    return driver(scene, workers)
