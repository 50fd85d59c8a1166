#!/usr/bin/env python3
"""Load check of `taquin serve` (not a ctest test: it measures time).

Starts `taquin serve` on a free loopback port, opens slow clients that never read their answers
(and one that never finishes its request), then sends N concurrent small solves (3x3 random walks)
from one asyncio loop, each on its own connection. A 503 (the search cap) is retried after its
Retry-After. Reports how many were answered (none may be lost), every length checked against the
board (a replay of the moves), and the latency percentiles, p50/p99, of the whole exchange
(retries included), plus a health request's latency while the slow clients hold their workers.

Usage: tests/serve_load.py [--taquin build/taquin] [--requests 200] [--threads 0]
                           [--max-searches 0] [--slow 4]
"""
import argparse
import asyncio
import json
import random
import subprocess
import sys
import time

HOST = "127.0.0.1"


def walk_board(rng, steps):
    """The 3x3 standard goal after `steps` random blank moves (a solvable board)."""
    tiles = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    blank = 8
    for _ in range(steps):
        r, c = divmod(blank, 3)
        options = [(r + dr) * 3 + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < 3 and 0 <= c + dc < 3]
        to = rng.choice(options)
        tiles[blank], tiles[to] = tiles[to], tiles[blank]
        blank = to
    return tiles


def replays(tiles, moves):
    """Whether the blank moves `moves` (U, D, L, R) take `tiles` to the standard goal."""
    tiles = list(tiles)
    blank = tiles.index(0)
    delta = {"U": -3, "D": 3, "L": -1, "R": 1}
    for m in moves:
        to = blank + delta[m]
        if to < 0 or to > 8 or (m in "LR" and to // 3 != blank // 3):
            return False
        tiles[blank], tiles[to] = tiles[to], tiles[blank]
        blank = to
    return tiles == [1, 2, 3, 4, 5, 6, 7, 8, 0]


async def exchange(port, method, path, body=None):
    """One request on a new connection; (status, headers, body)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    data = json.dumps(body).encode() if body is not None else b""
    head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
    writer.write(head.encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
    return status, headers, payload


async def solve(port, tiles, stats):
    started = time.perf_counter()
    while True:
        status, headers, payload = await exchange(port, "POST", "/api/solve", {"board": tiles})
        if status != 503:
            break
        stats["retries"] += 1
        await asyncio.sleep(float(headers.get("retry-after", "1")))
    latency = time.perf_counter() - started
    rec = json.loads(payload)
    ok = status == 200 and rec.get("outcome") == "solved" and rec.get("optimal") is True \
        and replays(tiles, rec["moves"]) and rec["length"] == len(rec["moves"])
    return ok, latency


async def slow_clients(port, count):
    """`count` connections that pipeline page requests and never read (their worker blocks on a
    full socket until the write timeout), and one that never ends its request."""
    held = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(HOST, port)
        request = f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()
        writer.write(request * 400)
        held.append(writer)
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(f"POST /api/solve HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Length: 100\r\n\r\n{{".encode())
    held.append(writer)
    return held


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def main_async(args, port):
    rng = random.Random(29)
    boards = [walk_board(rng, rng.randint(10, 40)) for _ in range(args.requests)]
    held = await slow_clients(port, args.slow)
    await asyncio.sleep(0.5)
    t0 = time.perf_counter()
    status, _, _ = await exchange(port, "GET", "/api/health")
    health_latency = time.perf_counter() - t0
    stats = {"retries": 0}
    t0 = time.perf_counter()
    results = await asyncio.gather(*(solve(port, b, stats) for b in boards),
                                   return_exceptions=True)
    wall = time.perf_counter() - t0
    for w in held:
        w.close()
    answered = [r for r in results if not isinstance(r, BaseException)]
    lost = len(results) - len(answered)
    correct = sum(1 for ok, _ in answered if ok)
    latencies = [lat for _, lat in answered]
    print(f"requests {args.requests}, answered {len(answered)}, lost {lost}, "
          f"correct (optimal, replayed) {correct}, 503 retries {stats['retries']}")
    if latencies:
        print(f"latency p50 {percentile(latencies, 50) * 1000:.1f} ms, "
              f"p99 {percentile(latencies, 99) * 1000:.1f} ms, "
              f"max {max(latencies) * 1000:.1f} ms; wall {wall:.2f} s")
    print(f"health with {args.slow} slow readers and a stalled request held: status {status}, "
          f"{health_latency * 1000:.1f} ms")
    return 0 if lost == 0 and correct == args.requests and status == 200 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taquin", default="build/taquin")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--max-searches", type=int, default=0)
    parser.add_argument("--slow", type=int, default=4)
    args = parser.parse_args()
    server = subprocess.Popen([args.taquin, "serve", "--host", HOST, "--port", "0",
                               "--threads", str(args.threads),
                               "--max-searches", str(args.max_searches)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        print(f"server {url} (--threads {args.threads}, --max-searches {args.max_searches})")
        return asyncio.run(main_async(args, port))
    finally:
        server.send_signal(2)
        code = server.wait(timeout=30)
        print(f"server exit status after Ctrl-C: {code if code >= 0 else 128 - code}")


if __name__ == "__main__":
    sys.exit(main())
