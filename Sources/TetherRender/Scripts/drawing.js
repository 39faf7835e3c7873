"use strict";
const tetherSVG = (function () {
  const NS = "http://www.w3.org/2000/svg";
  const f2 = (v) => (Math.round(v * 100) / 100).toFixed(2);
  function make(tag, attributes, parent) {
    const node = document.createElementNS(NS, tag);
    for (const name in attributes) node.setAttribute(name, attributes[name]);
    if (parent) parent.appendChild(node);
    return node;
  }
  // Hides what a layer showed last ({nodes, shown: [slot]}, nodes {rect, label, spring}).
  function hideShown(layer) {
    for (const slot of layer.shown) {
      const n = layer.nodes[slot];
      n.rect.setAttribute("display", "none");
      n.label.setAttribute("display", "none");
      if (n.spring) n.spring.setAttribute("display", "none");
    }
    layer.shown = [];
  }
  // Draws node n (of size n.w × n.h) centred at (x, y), turned by angle degrees; its spring
  // line runs from the element's rest place (element[6], element[7]) when withSpring.
  function placeNode(n, element, x, y, angle, withSpring) {
    n.rect.setAttribute("x", f2(x - n.w / 2));
    n.rect.setAttribute("y", f2(y - n.h / 2));
    n.rect.setAttribute("data-cx", f2(x));
    n.rect.setAttribute("data-cy", f2(y));
    n.rect.setAttribute("display", "inline");
    if (angle) n.rect.setAttribute("transform", "rotate(" + angle + " " + f2(x) + " " + f2(y) + ")"); else n.rect.removeAttribute("transform");
    // The label sits near the top edge (a circle's in its middle): in a stack of overlapping
    // cards only each card's top strip shows. It turns with its element.
    n.label.setAttribute("x", f2(x));
    n.label.setAttribute("y", f2(n.round ? y : y - n.h / 2 + Math.min(n.h / 2, 9)));
    n.label.setAttribute("display", "inline");
    if (angle) n.label.setAttribute("transform", "rotate(" + angle + " " + f2(x) + " " + f2(y) + ")"); else n.label.removeAttribute("transform");
    if (n.spring && withSpring) {
      n.spring.setAttribute("x1", element[6]); n.spring.setAttribute("y1", element[7]);
      n.spring.setAttribute("x2", f2(x)); n.spring.setAttribute("y2", f2(y));
      n.spring.setAttribute("display", "inline");
    }
  }
  return { NS, f2, make, hideShown, placeNode };
})();
