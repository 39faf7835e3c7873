import Testing

@testable import TetherPhysics

/// The contact solver's quads read two doubles at once from four records (`ContactRowQuad
/// .gather`): a body's velocity, its angular velocity, their smooth changes, and a motion's
/// rotation and translation. The loads must stay inside the record they read, and the records'
/// strides must be multiples of 16 bytes, since a quad keeps each body's slot in 16-byte units
/// (`ContactRowQuad.Slots`).
struct BodyStateLayoutTests {
    static var bodyFields: [(String, PartialKeyPath<BodyState>)] { [
        ("velocity", \.velocity), ("angularVelocity", \.angularVelocity),
        ("smoothVelocityChange", \.smoothVelocityChange),
        ("smoothAngularVelocityChange", \.smoothAngularVelocityChange),
    ] }
    static var motionFields: [(String, PartialKeyPath<BodyMotion>)] { [
        ("rotation", \.rotation), ("translation", \.translation),
    ] }

    @Test func theSolversTwoDoubleLoadsStayInsideARecord() throws {
        let load = MemoryLayout<SIMD2<Double>>.size
        for (name, field) in Self.bodyFields {
            let offset = try #require(MemoryLayout<BodyState>.offset(of: field))
            #expect(offset + load <= MemoryLayout<BodyState>.size, "BodyState.\(name)")
        }
        for (name, field) in Self.motionFields {
            let offset = try #require(MemoryLayout<BodyMotion>.offset(of: field))
            #expect(offset + load <= MemoryLayout<BodyMotion>.size, "BodyMotion.\(name)")
        }
    }

    @Test func theRecordsStridesAreWholeSixteenByteUnits() {
        #expect(MemoryLayout<BodyState>.stride % 16 == 0)
        #expect(MemoryLayout<BodyMotion>.stride % 16 == 0)
    }

    /// A slot in 16-byte units lands on its record's first byte, in either array.
    @Test func slotsInSixteenByteUnitsFindTheirRecords() {
        let slots = ContactRowQuad.slots(0, 7, 1_000, 123_456)
        #expect(slots == ContactRowQuad.Slots(0, 7 * 16, 16_000, 123_456 * 16))
        for (lane, slot) in [0, 7, 1_000, 123_456].enumerated() {
            #expect(ContactRowQuad.byteOffset(slots, lane, of: BodyState.self) == slot * MemoryLayout<BodyState>.stride)
            #expect(ContactRowQuad.byteOffset(slots, lane, of: BodyMotion.self) == slot * MemoryLayout<BodyMotion>.stride)
        }
    }

    /// Distinct values in every record, none of them single-precision numbers (so that a lane
    /// that read the wrong double, or a neighbour's bytes, shows), gathered in a shuffled order
    /// of slots: each lane holds its own record's two values, rounded to nearest.
    @Test func gatherReadsEachLanesRecordRounded() {
        var bodies: [BodyState] = (0..<6).map { k in
            let x = Double(k) + 0.1
            return BodyState(
                velocity: Vec2(10 + x, 20 + x), angularVelocity: 30 + x, smoothVelocityChange: Vec2(40 + x, 50 + x),
                smoothAngularVelocityChange: 60 + x, position: Vec2(70 + x, 80 + x), rotation: Rotation(c: 0.6, s: 0.8))
        }
        let slots = ContactRowQuad.slots(5, 0, 3, 2)
        let order = [5, 0, 3, 2]
        func lanes(_ value: (Int) -> Double) -> ContactRowQuad.Lanes {
            ContactRowQuad.Lanes(order.map { Float(value($0)) })
        }
        bodies.withUnsafeMutableBufferPointer { bodies in
            func gather(_ field: PartialKeyPath<BodyState>) -> (first: ContactRowQuad.Lanes, second: ContactRowQuad.Lanes) {
                ContactRowQuad.gather(bodies, slots, at: MemoryLayout<BodyState>.offset(of: field)!)
            }
            let velocity = gather(\.velocity)
            #expect(velocity.first == lanes { bodies[$0].velocity.x })
            #expect(velocity.second == lanes { bodies[$0].velocity.y })
            #expect(gather(\.angularVelocity).first == lanes { bodies[$0].angularVelocity })
            let smooth = gather(\.smoothVelocityChange)
            #expect(smooth.first == lanes { bodies[$0].smoothVelocityChange.x })
            #expect(smooth.second == lanes { bodies[$0].smoothVelocityChange.y })
            #expect(gather(\.smoothAngularVelocityChange).first == lanes { bodies[$0].smoothAngularVelocityChange })
        }
        let motions: [BodyMotion] = (0..<6).map { k in
            let angle = 0.1 + 0.3 * Double(k)
            return BodyMotion(
                rotation: Rotation(angle: angle), translation: Vec2(Double(k) + 0.3, -Double(k) - 0.7))
        }
        motions.withUnsafeBufferPointer { motions in
            let rotation = ContactRowQuad.gather(motions, slots, at: MemoryLayout<BodyMotion>.offset(of: \.rotation)!)
            #expect(rotation.first == lanes { motions[$0].rotation.c })
            #expect(rotation.second == lanes { motions[$0].rotation.s })
            let translation = ContactRowQuad.gather(motions, slots, at: MemoryLayout<BodyMotion>.offset(of: \.translation)!)
            #expect(translation.first == lanes { motions[$0].translation.x })
            #expect(translation.second == lanes { motions[$0].translation.y })
        }
    }
}
