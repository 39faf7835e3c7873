extension Duration {
    /// The duration in seconds as a `Double`, for the timings Tether prints (`bench`, the JUnit
    /// report's times). Swift's `Duration` holds whole seconds and attoseconds apart.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
