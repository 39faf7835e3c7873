"""Chipmunk through pymunk, in points: 10 iterations (its default), sleeping off (its default).

Chipmunk mixes materials by product and Box2D (and Tether) friction by geometric mean and
elasticity by maximum; with one material everywhere, giving each shape the square root of the
value makes every contact's mixed value the scene's. Chipmunk has no continuous collision, so the
container's walls are thick static boxes outside the bounds rather than thin segments."""
import math

import pymunk

WALL_THICKNESS = 200.0   # pt; a box falling the height of pile-4000 moves < 50 pt per frame


class Chipmunk:
    def __init__(self, scene, workers):
        self.dt = 1.0 / scene.hz
        self.space = pymunk.Space(threaded=workers > 1)
        if workers > 1:
            self.space.threads = workers
        self.space.gravity = scene.gravity
        if scene.walls is not None:
            friction, elasticity = scene.material
            for box in wall_boxes(scene.walls, WALL_THICKNESS):
                wall = pymunk.Poly(self.space.static_body, box)
                wall.friction, wall.elasticity = math.sqrt(friction), math.sqrt(elasticity)
                self.space.add(wall)
        self.bodies = [self._body(item) for item in scene.items]
        for spring in scene.springs:
            body = self.bodies[spring.item]
            anchor = (spring.anchor_x, spring.anchor_y)
            if spring.frequency > 0:
                mass = scene.items[spring.item].mass
                omega = 2 * math.pi * spring.frequency
                joint = pymunk.DampedSpring(self.space.static_body, body, anchor, (0, 0),
                                            spring.length, mass * omega * omega,
                                            2 * mass * spring.damping * omega)
            else:
                joint = pymunk.SlideJoint(self.space.static_body, body, anchor, (0, 0),
                                          spring.length, spring.length)
            self.space.add(joint)

    def _body(self, item):
        body = pymunk.Body()
        body.position = (item.x, item.y)
        body.angle = item.angle
        shape = pymunk.Poly.create_box(body, (item.width, item.height))
        shape.density = item.density / 10_000.0
        shape.friction = math.sqrt(item.friction)
        shape.elasticity = math.sqrt(item.elasticity)
        if not item.collides:
            shape.filter = pymunk.ShapeFilter(mask=0)
        self.space.add(body, shape)
        return body

    def step(self):
        self.space.step(self.dt)

    def centers(self):
        return [(b.position.x, b.position.y) for b in self.bodies]


def wall_boxes(walls, thickness):
    """Four boxes around (x0, y0, x1, y1), each `thickness` deep, overlapping at the corners."""
    x0, y0, x1, y1 = walls
    t = thickness
    rects = [(x0 - t, y0 - t, x0, y1 + t), (x1, y0 - t, x1 + t, y1 + t),
             (x0, y0 - t, x1, y0), (x0, y1, x1, y1 + t)]
    return [[(l, top), (r, top), (r, bottom), (l, bottom)] for l, top, r, bottom in rects]
