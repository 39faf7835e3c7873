#!/usr/bin/env python3
"""Box2D 2.3 reference trajectories for the UIKit clock's contact tests.

Replays a Tether world scenario (a subset: rectangles and circles, gravity on every item,
one collision behavior in "everything" mode with the bounds as boundary and optional
segment boundaries, one material for all items) in pybox2d 2.3.10 at 100 pt per metre,
one step of 1/60 s per frame with 8 velocity and 3 position iterations, continuous
collision on, sleeping off, and prints every frame as CSV: frame,item,x,y,angle.

    python3 -m venv .venv && .venv/bin/pip install box2d==2.3.10
    .venv/bin/python tools/box2d23_reference.py SCENARIO.json > REFERENCE.csv

Creation order, which Box2D 2.3's contact and island order follow: the boundaries first
(one static body, the bounds' four edges top, right, bottom, left, then the scenario's
segments), then the items in file order.
"""
import json
import sys

import Box2D as B

PT_PER_M = 100.0


def main(path):
    scene = json.load(open(path))
    world_def = scene["world"]
    items = world_def["items"]
    gravity = (0.0, 0.0)
    material = {"elasticity": 0.0, "friction": 0.0, "density": 1.0}
    collision = None
    for behavior in world_def["behaviors"]:
        kind = behavior["type"]
        if kind == "gravity":
            magnitude = behavior.get("magnitude", 1.0)
            direction = behavior.get("direction", {"x": 0, "y": 1})
            gravity = (10.0 * magnitude * direction["x"], 10.0 * magnitude * direction["y"])
        elif kind == "itemBehavior":
            for key in material:
                if key in behavior:
                    material[key] = behavior[key]
        elif kind == "collision":
            collision = behavior
        else:
            raise SystemExit("unsupported behavior " + kind)

    s = 1.0 / PT_PER_M
    world = B.b2World(gravity=gravity, doSleep=False)
    world.continuousPhysics = True
    ground = world.CreateStaticBody(position=(0, 0))
    segments = []
    if collision.get("boundsAsBoundary"):
        b = world_def["bounds"]
        x0, y0 = b["x"], b["y"]
        x1, y1 = x0 + b["width"], y0 + b["height"]
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        segments += [(corners[k], corners[(k + 1) % 4]) for k in range(4)]
    for boundary in collision.get("boundaries", []):
        segments.append(((boundary["from"]["x"], boundary["from"]["y"]), (boundary["to"]["x"], boundary["to"]["y"])))
    for p1, p2 in segments:
        # A boundary takes the item's material (Tether's rule); with one material the mix is the same.
        ground.CreateFixture(B.b2FixtureDef(
            shape=B.b2EdgeShape(vertices=[(p1[0] * s, p1[1] * s), (p2[0] * s, p2[1] * s)]),
            friction=material["friction"], restitution=material["elasticity"]))
    bodies = []
    for item in items:
        w, h = item["size"]["width"], item["size"]["height"]
        body = world.CreateDynamicBody(
            position=(item["center"]["x"] * s, item["center"]["y"] * s), angle=item.get("angle", 0.0))
        if item.get("shape", "rectangle") == "ellipse":
            shape = B.b2CircleShape(radius=0.5 * min(w, h) * s)
        else:
            shape = B.b2PolygonShape(box=(0.5 * w * s, 0.5 * h * s))
        body.CreateFixture(B.b2FixtureDef(
            shape=shape, density=material["density"], friction=material["friction"],
            restitution=material["elasticity"]))
        bodies.append(body)

    out = sys.stdout
    out.write("frame,item,x,y,angle\n")

    def write(frame):
        for i, body in enumerate(bodies):
            p = body.position
            out.write("%d,%d,%.3f,%.3f,%.5f\n" % (frame, i, p[0] * PT_PER_M, p[1] * PT_PER_M, body.angle))

    write(0)
    for frame in range(1, scene["frames"]):
        world.Step(1.0 / 60.0, 8, 3)
        write(frame)


if __name__ == "__main__":
    main(sys.argv[1])
