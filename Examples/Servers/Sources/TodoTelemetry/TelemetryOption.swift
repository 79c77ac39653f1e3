public import ArgumentParser

/// The examples' `--telemetry` option, for a command's `@OptionGroup`: one spelling, help text
/// and validation for both servers. A value that names no backend is a usage error (exit
/// status 64) that lists the backends.
public struct TelemetryOption: ParsableArguments, Sendable {
    @Option(
        help: """
            Record the container's builds and scopes as traces, and its vital signs as metrics: \
            'otel' sends both to an OpenTelemetry collector over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT, \
            default http://localhost:4318); 'prometheus' serves metrics at GET /metrics.
            """)
    var telemetry: TelemetryBackend?

    /// No telemetry; the parser sets the option.
    public init() {}

    /// Bootstraps the backend the option names (see ``Telemetry/bootstrap(_:serviceName:)``);
    /// `nil` when it names none.
    public func bootstrap(serviceName: String) throws -> Telemetry? {
        try telemetry.map { try Telemetry.bootstrap($0, serviceName: serviceName) }
    }
}

extension TelemetryBackend: ExpressibleByArgument {}
