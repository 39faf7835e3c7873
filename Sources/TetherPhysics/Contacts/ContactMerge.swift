/// Last step's contacts met by this step's, in key order: a new contact that had a previous
/// one inherits its impulses (warm starting), and contacts that begin or end touching append
/// UIKit's began/ended events, in key order.
///
/// The narrow phase hands its contacts over a block of candidates at a time, while their few
/// hundred bytes each are still in the first-level cache. A merge run after the whole narrow
/// phase read every contact of the step back: at 4 000 boxes 3 MB of them, more than the
/// second-level cache holds, so from memory, after the narrow phase had written them there.
///
/// Spans of keys that follow each other give, one after the other, the events one merge of the
/// whole gives: so blocks follow each other through one merge, and chunks of the narrow phase
/// on several threads each merge their own span (`previous` holds last step's contacts of that
/// span).
struct ContactMerge {
    private let previous: UnsafeBufferPointer<Contact>
    /// The first of `previous` not yet met or ended.
    private var old = 0
    /// The events so far, in key order.
    private(set) var events: [ContactEvent]

    init(previous: UnsafeBufferPointer<Contact>, events: [ContactEvent] = []) {
        self.previous = previous
        self.events = events
    }

    /// Merges `count` contacts from `built` on, in key order, whose keys follow those of the
    /// contacts added before them. The cursor and the events are taken into locals for the
    /// loop (kept in the struct, they were loaded and stored for every contact: 1 % more
    /// instructions on `pile-250` when contacts were added one at a time).
    mutating func add(_ built: UnsafeMutablePointer<Contact>, count: Int) {
        var old = self.old
        var events: [ContactEvent] = []
        swap(&events, &self.events)
        defer {
            self.old = old
            swap(&events, &self.events)
        }
        let previous = self.previous
        let previousCount = previous.count
        for contact in built..<(built + count) {
            let key = contact.pointee.key
            while old < previousCount && previous[old].key < key {
                Self.end(previous[old], &events)
                old += 1
            }
            let hasPrevious = old < previousCount && previous[old].key == key
            let wasTouching = hasPrevious && previous[old].touching
            if hasPrevious { contact.pointee.inheritImpulses(from: previous.baseAddress! + old) }
            let touching = contact.pointee.minimumSeparation <= ContactConstants.touchingDistance
            contact.pointee.touching = touching
            if touching != wasTouching {
                if touching {
                    events.append(ContactEvent(
                        phase: .began, partner: contact.pointee.partnerA, body: contact.pointee.bodyB,
                        point: contact.pointee.contactPoint))
                } else {
                    Self.end(previous[old], &events)
                }
            }
            if hasPrevious { old += 1 }
        }
    }

    /// Ends the previous contacts that no new one met (call once, after the last `add`).
    mutating func finish() {
        while old < previous.count {
            Self.end(previous[old], &events)
            old += 1
        }
    }

    /// An `ended` event for a previous contact that was touching. The events are an argument,
    /// not captured by a nested function: a captured array is checked for exclusive access on
    /// every contact.
    @inline(__always)
    private static func end(_ previous: Contact, _ events: inout [ContactEvent]) {
        guard previous.touching else { return }
        events.append(ContactEvent(phase: .ended, partner: previous.partnerA, body: previous.bodyB, point: nil))
    }
}
