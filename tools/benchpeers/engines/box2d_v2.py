"""Box2D 2.3 through pybox2d: one step per frame, 8 velocity and 3 position iterations (UIKit
Dynamics' settings), sleeping off, continuous collision on (its default)."""
import Box2D

from . import PT_PER_METRE, metres, wall_segments

VELOCITY_ITERATIONS = 8
POSITION_ITERATIONS = 3


class Box2DV2:
    def __init__(self, scene, workers):
        if workers != 1:
            raise ValueError("Box2D 2.3 has no worker threads")
        self.dt = 1.0 / scene.hz
        self.world = Box2D.b2World(gravity=metres(*scene.gravity), doSleep=False)
        ground = self.world.CreateStaticBody(position=(0, 0))
        if scene.walls is not None:
            friction, elasticity = scene.material
            for start, end in wall_segments(scene.walls):
                ground.CreateFixture(Box2D.b2FixtureDef(
                    shape=Box2D.b2EdgeShape(vertices=[metres(*start), metres(*end)]),
                    friction=friction, restitution=elasticity))
        self.bodies = [self._body(item) for item in scene.items]
        for spring in scene.springs:
            # Box2D 2.3 keeps a rest length of 0 as it is (v3 clamps it to 0.5 pt).
            self.world.CreateJoint(Box2D.b2DistanceJointDef(
                bodyA=ground, bodyB=self.bodies[spring.item],
                localAnchorA=metres(spring.anchor_x, spring.anchor_y), localAnchorB=(0, 0),
                length=spring.length / PT_PER_METRE,
                frequencyHz=spring.frequency, dampingRatio=spring.damping))

    def _body(self, item):
        body = self.world.CreateDynamicBody(position=metres(item.x, item.y), angle=item.angle)
        body.CreateFixture(Box2D.b2FixtureDef(
            shape=Box2D.b2PolygonShape(box=metres(item.width / 2, item.height / 2)),
            density=item.density, friction=item.friction, restitution=item.elasticity,
            filter=Box2D.b2Filter(categoryBits=1, maskBits=0xFFFF if item.collides else 0)))
        return body

    def step(self):
        self.world.Step(self.dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS)

    def centers(self):
        return [(b.position[0] * PT_PER_METRE, b.position[1] * PT_PER_METRE)
                for b in self.bodies]

