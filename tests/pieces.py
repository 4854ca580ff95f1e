# tests/pieces.py - a program's standard input handed over in pieces, one
# read(2) each: for the tests that read in pieces (test_helper.bash's
# pieces() and pieces_runs(), general_helper.bash's agree_in_pieces(),
# slow/cuts.bats), which import it.
import socket
import subprocess


def feed(argv, data, sizes, **popen):
    """Run argv with standard input from a socket that hands it data in
    messages of sizes[0], sizes[1]... bytes (used in turn), so that each
    read(2) returns exactly one: a piece must not be larger than a read
    asks for, or the socket drops what it does not take.  popen holds
    subprocess.Popen's other arguments.  Returns communicate()'s output
    and error, and the exit status (128 + N for signal N)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    p = subprocess.Popen(argv, stdin=theirs, **popen)
    theirs.close()
    i = k = 0
    try:    # the program may stop reading (at an error, without -k)
        while i < len(data):
            n = sizes[k % len(sizes)]
            k += 1
            ours.send(data[i:i + n])
            i += n
        ours.shutdown(socket.SHUT_WR)
    except (BrokenPipeError, ConnectionResetError):
        pass
    out, err = p.communicate()
    ours.close()
    rc = p.returncode
    return out, err, 128 - rc if rc < 0 else rc
