extension Container {
    /// Makes every registration of this container, present and future, report to `tracer`.
    func setTracer(_ tracer: Tracer?) {
        let retired = tracing.withLock { current in
            current = tracer
            // Retraced entries share their cells: nothing cached is released.
            return registry.insert(contentsOf: registry.allEntries().map { $0.retraced(tracer) }).retired
        }
        retired.release()
    }
}
