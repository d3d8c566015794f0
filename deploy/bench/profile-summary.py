#!/usr/bin/env python3
"""Summarises async-profiler collapsed stacks of the BSF: where its CPU goes.

Usage: profile-summary.py bsf.collapsed

Prints (1) CPU by thread kind, (2) by component (the first frame of a known component found
walking from the leaf), and (3) the top self frames. Percentages are of all samples.
"""
import collections
import re
import sys

COMPONENTS = [  # (label, frame prefix), first match from the leaf wins
    ("GC / JIT / VM", ("GCTaskThread", "G1", "CompileBroker", "C2Compiler", "C1", "VMThread")),
    ("Ub: HTTP codec (Netty)", ("io/netty/handler/codec/http",)),
    ("Ub: Digest header parse/format", ("org/gbabsf/http/codec/DigestHeader",)),
    ("Ub: request decode / response encode", ("org/gbabsf/http/codec",)),
    ("Ub: handler", ("org/gbabsf/http/server",)),
    ("core: Digest AKA (MD5)", ("org/gbabsf/core/crypto/DigestAka",)),
    ("core: Hex", ("org/gbabsf/core/crypto/Hex",)),
    ("core: crypto other", ("org/gbabsf/core/crypto",)),
    ("core: stores", ("org/gbabsf/core/store",)),
    ("core: use case", ("org/gbabsf/core",)),
    ("Zh: GUSS XML (Jackson/Woodstox)", ("com/fasterxml/jackson", "com/ctc/wstx", "org/gbabsf/diameter/zh/GussParser")),
    ("Zh/Zn codec and client", ("org/gbabsf/diameter/zh", "org/gbabsf/diameter/zn")),
    ("Diameter node (ours)", ("org/gbabsf/diameter",)),
    ("jdiameter: picocontainer lookups", ("org/picocontainer",)),
    ("jdiameter", ("org/jdiameter",)),
    ("Cassandra driver", ("com/datastax",)),
    ("metrics (Micrometer/Prometheus)", ("io/micrometer", "io/prometheus")),
    ("logging", ("ch/qos/logback", "org/slf4j")),
    ("Netty I/O and event loop", ("io/netty",)),
    ("JDK concurrency (park/unpark, futures)", ("java/util/concurrent",)),
    ("socket I/O (kernel)", ("__libc_write", "__libc_read", "write", "read", "epoll_wait", "send", "recv")),
]


def component(frames):
    for frame in reversed(frames):  # leaf first
        for label, prefixes in COMPONENTS:
            if frame.startswith(prefixes):
                return label
    return "other"


def main(path):
    total = 0
    by_thread = collections.Counter()
    by_component = collections.Counter()
    self_frames = collections.Counter()
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            n = int(count)
            frames = stack.split(";")
            total += n
            thread = re.sub(r"[-_ ]?\d+$", "", frames[0].strip("[]")) if frames[0].startswith("[") else "?"
            by_thread[thread] += n
            by_component[component(frames)] += n
            self_frames[frames[-1]] += n
    if total == 0:
        print("no samples")
        return
    print(f"samples: {total} (1 ms each)")
    print("\nBy component (first known frame from the leaf):")
    for label, n in by_component.most_common():
        print(f"  {100 * n / total:5.1f} %  {label}")
    print("\nTop self frames:")
    for frame, n in self_frames.most_common(25):
        print(f"  {100 * n / total:5.1f} %  {frame[:150]}")


if __name__ == "__main__":
    main(sys.argv[1])
