import Testing

/// Suites that measure the whole process (resident memory) and suites that load it with many
/// allocations, nested here so that they run one after another: a model run allocating beside
/// the churn soak made the soak's resident-memory check fail (49 MB against its 16 MB bound).
/// Other suites still run beside them, as before.
@Suite("Process-wide measurements and their heavy neighbours", .serialized)
enum ProcessWide {}
