#!/usr/bin/env bash
# Lists every use, in the library targets (Sources/), of an API newer than the platform floor the
# package means to declare (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1), and fails if there
# is one. Linux compilers ignore Apple availability, so nothing else on this machine would notice
# such a use: an app on iOS 16 would meet it first, as "SwiftPM refuses the package" or a
# compile error in Xcode.
#   Scripts/check-platform-floor.sh            every rule over Sources/; exit status 1 if any line breaks one
#   Scripts/check-platform-floor.sh ROOT       the same over ROOT/Sources (CI's check that a use added
#                                              to a copy is caught)
#
# A line that is gated (inside an `if #available` or an `@available` declaration) says so with a
# trailing `// floor: gated` comment, and is not listed: the comment is the reviewer's cue to
# check that the gate is there. Text cannot see every use: a typed-throws or `@isolated(any)`
# function value converted to `Any` is left to review (README, "Platforms").
set -uo pipefail
cd "${1:-$(dirname "$0")/..}"

failures=0

# rule NAME REASON PATTERN: lists the lines of Sources/**/*.swift that match the extended regex
# PATTERN, outside comments and `// floor: gated` lines.
rule() {
    local name=$1 reason=$2 pattern=$3 found
    found=$(grep -rnE --include='*.swift' "$pattern" Sources \
        | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
        | grep -v '// floor: gated' || true)
    if [ -n "$found" ]; then
        echo "== $name: $(wc -l <<<"$found") line(s)"
        echo "   why: $reason"
        sed 's/^/   /' <<<"$found"
        failures=$((failures + 1))
    fi
}

rule "import Synchronization" \
    "Synchronization's Atomic and Mutex are macOS 15 / iOS 18 and not back-deployed: a module that imports it unconditionally cannot run below that floor. Use Support/'s atomics and Lock." \
    '^[[:space:]]*(public |package |internal |@preconcurrency )*import Synchronization'

rule "Atomic<" \
    "Synchronization.Atomic is macOS 15 / iOS 18. Use the portable atomics in Support/." \
    '\bAtomic<'

rule "Mutex" \
    "Synchronization.Mutex is macOS 15 / iOS 18. Use Support/'s Lock, which is pthread-based." \
    '\bMutex(<|\()'

rule "TaskExecutor" \
    "TaskExecutor and Task(executorPreference:) are macOS 15 / iOS 18: call them under if #available, with a fallback." \
    '\b(TaskExecutor|executorPreference)\b'

rule "Observation" \
    "Observation is macOS 14 / iOS 17." \
    '^[[:space:]]*(public |package |internal )*import Observation\b|@Observable\b'

rule "typed-throws function type, stored" \
    "A stored property of a typed-throws function type needs the function type's metadata, which runtimes before macOS 15 / iOS 18 cannot make (\"runtime support for typed throws function types\"). Store a Result-returning closure." \
    '^[[:space:]]+(public |package |internal |private |fileprivate )*(let|var) [A-Za-z_][A-Za-z0-9_]*: [^=]*throws\([^)]*\)[^=]*->'

rule "typed-throws function type, generic argument" \
    "A typed-throws function type as a generic argument (an Optional of one included) needs its metadata: see the rule above." \
    '([<[][^]>]*throws\([^)]*\)[^]>]*->[^]>]*[]>]|\(\([^()]*\)[[:space:]]*(async )?throws\([^)]*\)[[:space:]]*->[^()]*\)\?)'

rule "isolated(any) function type, generic argument" \
    "An @isolated(any) function type as a generic argument (an Optional of one included) needs its metadata, which runtimes before macOS 15 / iOS 18 cannot make (\"runtime support for '@isolated(any)' function types\"). Pass it as a parameter, or store it in a non-generic property." \
    '([<[][^]>]*@isolated\(any\)|\(@isolated\(any\)[^()]*\([^()]*\)[^()]*\)\?)'

rule "parameter packs in a generic type" \
    "A generic type with a parameter pack (struct S<each T>) needs runtime support that arrived in macOS 14 / iOS 17. Generic functions with packs are fine." \
    '\b(struct|class|enum|actor) [A-Za-z_][A-Za-z0-9_]*<[^>]*\beach '

if [ "$failures" -gt 0 ]; then
    echo "check-platform-floor: $failures rule(s) broken"
    exit 1
fi
echo "check-platform-floor: no use of an API above the floor"
