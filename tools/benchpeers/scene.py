"""A Tether world scenario read into what every peer engine can build.

Only what the benchmark scenes use is translated: rectangular items, gravity, zero-offset
attachments to fixed anchors, one collision group with the reference bounds as walls, and one
material. Anything else is refused with the JSON path, so a peer never times a scene that differs
from the one Tether runs.

Units stay Tether's (points, y down); each engine converts (Box2D: 100 pt per metre).
"""
import json
import math

GRAVITY_PT_PER_S2 = 1000.0   # UIKit: gravity magnitude 1.0


class SceneError(Exception):
    """The scenario asks for something the peers are not given here."""


class Item:
    def __init__(self, x, y, width, height, angle):
        self.x, self.y, self.width, self.height, self.angle = x, y, width, height, angle
        self.gravity = (0.0, 0.0)     # pt/s², summed over the gravity behaviors holding it
        self.collides = False
        self.friction = 0.0           # UIKit's item-behavior defaults
        self.elasticity = 0.0
        self.density = 1.0

    @property
    def mass(self):
        """UIKit: density · w · h / 10 000."""
        return self.density * self.width * self.height / 10_000.0


class Spring:
    """A spring (frequency > 0) or rod from an item's center to a fixed anchor."""

    def __init__(self, item, anchor_x, anchor_y, length, frequency, damping):
        self.item, self.anchor_x, self.anchor_y = item, anchor_x, anchor_y
        self.length, self.frequency, self.damping = length, frequency, damping


class Scene:
    def __init__(self, name, frames, hz, items, springs, gravity, walls, material):
        self.name, self.frames, self.hz = name, frames, hz
        self.items, self.springs = items, springs
        self.gravity = gravity        # one vector for every item (pt/s²)
        self.walls = walls            # (x0, y0, x1, y1) of the container, or None
        self.material = material      # (friction, elasticity) of every colliding item, or None


def load(path):
    """The scene of a scenario file; a file Tether would refuse is refused here too, though
    with a plainer reason (`tether validate` names the exact problem)."""
    try:
        with open(path, encoding="utf-8") as source:
            return read(json.load(source))
    except OSError as error:
        raise SceneError(f"cannot read it: {error.strerror}")
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SceneError(f"not a valid scenario ({type(error).__name__}: {error}); "
                         "tether validate names the problem")


def read(document):
    if "world" not in document:
        raise SceneError("$: not a world scenario (the peers only run world scenes)")
    _refuse(document, "$", {"name", "description", "frames", "clock", "seed", "world",
                            "events", "output", "solver", "$schema"})
    if document.get("events"):
        raise SceneError("events: the peers run scenes without events")
    world = document["world"]
    _refuse(world, "world", {"bounds", "items", "behaviors"})
    items, index = _items(world.get("items", []))
    springs = []
    walls = None
    for position, behavior in enumerate(world.get("behaviors", [])):
        path = f"world.behaviors[{position}]"
        kind = behavior.get("type")
        if kind == "gravity":
            _gravity(behavior, path, items, index)
        elif kind == "attachment":
            springs.append(_attachment(behavior, path, items, index))
        elif kind == "collision":
            if _collision(behavior, path, items, index):
                walls = _bounds(world, path)
        elif kind == "itemBehavior":
            _item_behavior(behavior, path, items, index)
        else:
            raise SceneError(f"{path}.type: the peers do not run {kind!r} behaviors")
    hz = document.get("clock", {}).get("hz", 60)
    return Scene(document["name"], document["frames"], hz, items, springs,
                 _shared_gravity(items), walls, _shared_material(items))


def _items(entries):
    items, index = [], {}
    for position, entry in enumerate(entries):
        path = f"world.items[{position}]"
        _refuse(entry, path, {"id", "center", "size", "angle", "shape", "velocity",
                              "angularVelocity"})
        if entry.get("shape", "rectangle") != "rectangle":
            raise SceneError(f"{path}.shape: the peers build rectangles only")
        for key in ("velocity", "angularVelocity"):
            if key in entry and entry[key] not in ({"x": 0, "y": 0}, 0):
                raise SceneError(f"{path}.{key}: the peers start every item at rest")
        index[entry["id"]] = position
        items.append(Item(float(entry["center"]["x"]), float(entry["center"]["y"]),
                          float(entry["size"]["width"]), float(entry["size"]["height"]),
                          float(entry.get("angle", 0.0))))
    return items, index


def _members(behavior, index):
    return [index[name] for name in behavior["items"]]


def _gravity(behavior, path, items, index):
    _refuse(behavior, path, {"type", "id", "items", "direction", "angle", "magnitude"})
    if "angle" in behavior:
        magnitude = behavior.get("magnitude", 1.0)
        dx = math.cos(behavior["angle"]) * magnitude
        dy = math.sin(behavior["angle"]) * magnitude
    else:
        direction = behavior.get("direction", {"x": 0.0, "y": 1.0})
        length = math.hypot(direction["x"], direction["y"])
        magnitude = behavior.get("magnitude", length)
        scale = magnitude / length if length > 0 else 0.0
        dx, dy = direction["x"] * scale, direction["y"] * scale
    for member in _members(behavior, index):
        gx, gy = items[member].gravity
        items[member].gravity = (gx + dx * GRAVITY_PT_PER_S2, gy + dy * GRAVITY_PT_PER_S2)


def _attachment(behavior, path, items, index):
    _refuse(behavior, path, {"type", "id", "item", "anchor", "offset", "length", "frequency",
                             "damping", "kind"})
    if behavior.get("kind", "spring") != "spring":
        raise SceneError(f"{path}.kind: the peers build spring attachments only")
    if behavior.get("offset", {"x": 0, "y": 0}) != {"x": 0, "y": 0}:
        raise SceneError(f"{path}.offset: the peers attach at the item's center only")
    if "anchor" not in behavior:
        raise SceneError(f"{path}: the peers attach items to fixed anchors only")
    item = index[behavior["item"]]
    ax, ay = float(behavior["anchor"]["x"]), float(behavior["anchor"]["y"])
    length = behavior.get("length")
    if length is None:
        length = math.hypot(items[item].x - ax, items[item].y - ay)
    return Spring(item, ax, ay, float(length), float(behavior.get("frequency", 0.0)),
                  float(behavior.get("damping", 0.0)))


def _collision(behavior, path, items, index):
    """Marks the members as colliding; True when the reference bounds are walls."""
    _refuse(behavior, path, {"type", "id", "items", "mode", "boundsAsBoundary", "insets"})
    if behavior.get("mode", "everything") != "everything":
        raise SceneError(f"{path}.mode: the peers collide in 'everything' mode only")
    if any(behavior.get("insets", {}).values()):
        raise SceneError(f"{path}.insets: the peers use the bounds without insets")
    for member in _members(behavior, index):
        items[member].collides = True
    return bool(behavior.get("boundsAsBoundary", False))


def _item_behavior(behavior, path, items, index):
    _refuse(behavior, path, {"type", "id", "items", "friction", "elasticity", "density"})
    for member in _members(behavior, index):
        item = items[member]
        item.friction = float(behavior.get("friction", item.friction))
        item.elasticity = float(behavior.get("elasticity", item.elasticity))
        item.density = float(behavior.get("density", item.density))


def _bounds(world, path):
    if "bounds" not in world:
        raise SceneError(f"{path}.boundsAsBoundary: the scenario has no bounds")
    b = world["bounds"]
    return (float(b["x"]), float(b["y"]), float(b["x"] + b["width"]),
            float(b["y"] + b["height"]))


def _shared_gravity(items):
    """Peers have one world gravity; every item must feel the same (or be held by a spring
    alone, which is then the same zero vector)."""
    vectors = sorted(set(item.gravity for item in items))
    if len(vectors) > 1:
        raise SceneError("world.behaviors: the peers need one gravity for every item")
    return vectors[0] if vectors else (0.0, 0.0)


def _shared_material(items):
    """Tether's walls take the item's material; in the peers they have one of their own, which
    gives the same mixed values only when every colliding item has one material."""
    materials = sorted(set((item.friction, item.elasticity) for item in items if item.collides))
    if len(materials) > 1:
        raise SceneError("world.behaviors: the peers need one material for every colliding item")
    return materials[0] if materials else None


def _refuse(obj, path, known):
    for key in obj:
        if key not in known:
            raise SceneError(f"{path}.{key}: the peers do not translate this key")
