"""Box2D v3.1 through pyb2d3: 4 substeps per frame, sleeping off, continuous collision on, and
optionally its own worker threads."""
import pyb2d3 as b2

from . import PT_PER_METRE, metres, wall_segments

SUBSTEPS = 4
ALL_CATEGORIES = 0xFFFFFFFFFFFFFFFF


class Box2DV3:
    def __init__(self, scene, workers):
        self.dt = 1.0 / scene.hz
        options = {"thread_pool": b2.ThreadPool(workers)} if workers > 1 else {}
        self.world = b2.World(gravity=metres(*scene.gravity), **options)
        self.world.sleeping_enabled = False
        ground = self.world.create_static_body(position=(0.0, 0.0))
        if scene.walls is not None:
            friction, elasticity = scene.material
            wall = b2.shape_def(material=b2.surface_material(friction=friction,
                                                             restitution=elasticity))
            for start, end in wall_segments(scene.walls):
                ground.create_segment_shape(wall, b2.segment(metres(*start), metres(*end)))
        self.bodies = [self._body(item) for item in scene.items]
        for spring in scene.springs:
            # v3 clamps the rest length to its linear slop (0.5 pt): the nearest it has to 0.
            self.world.create_distance_joint(
                body_a=ground, body_b=self.bodies[spring.item],
                local_anchor_a=metres(spring.anchor_x, spring.anchor_y),
                local_anchor_b=(0.0, 0.0), length=spring.length / PT_PER_METRE,
                enable_spring=spring.frequency > 0, hertz=spring.frequency,
                damping_ratio=spring.damping, collide_connected=False)

    def _body(self, item):
        body = self.world.create_dynamic_body(position=metres(item.x, item.y),
                                              rotation=b2.make_rot(item.angle))
        shape = b2.shape_def(
            density=item.density,
            material=b2.surface_material(friction=item.friction, restitution=item.elasticity),
            filter=b2.make_filter(category_bits=1,
                                  mask_bits=ALL_CATEGORIES if item.collides else 0))
        body.create_polygon_shape(shape, b2.box(item.width / 2 / PT_PER_METRE,
                                                item.height / 2 / PT_PER_METRE))
        return body

    def step(self):
        self.world.step(self.dt, SUBSTEPS)

    def centers(self):
        return [(float(b.position[0]) * PT_PER_METRE, float(b.position[1]) * PT_PER_METRE)
                for b in self.bodies]
