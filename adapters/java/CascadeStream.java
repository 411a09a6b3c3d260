// CascadeStream: serve a SameGame or match-3 solution to cascade check.
//
// One solution, written as a function from a case's text to its score,
// serves every protocol of `cascade check` (SPEC.md, "Programs under test").
// Java 17, the JDK only, the default package:
//
//     public static void main(String[] args) {
//         CascadeStream.serve(text -> {
//             ...                                   // parse text, play the game
//             return CascadeStream.Answer.of(total); // or Answer.steps(running, total, boards)
//         });                                       // or, under answer=board, Answer.board(rows)
//     }
//
// Build it with javac -d build/java adapters/java/CascadeStream.java
// Solution.java, run it as
// `cascade check --game samegame --impl 'java -cp build/java Solution'`,
// adding --stream (one process for many cases) and/or --steps (a step line
// after every move) as you like; the program needs no change.
//
// Input. serve reads standard input line by line and cuts it into cases by
// the statements' own counts, without reading past the end of a case:
//
// - blank lines before a case are skipped;
// - a first line holding one integer N starts a SameGame case: N rows, a
//   line with K, then as many lines as hold 2K integers (separated by commas
//   and/or white space; with K = 0 the case ends at the K line);
// - under a SameGame rule set (the environment variable CASCADE_RULES is
//   set), a first line holding two integers W H starts a SameGame case of H
//   rows, read as above;
// - else a first line holding two integers or more starts a match-3 case: the
//   integers n m k q, then as many lines as hold 2*n*m + 4*q more; under a
//   match-3 rule set that refills from queues (CASCADE_RULES holds
//   refill=queue), the queues come between the specials and the
//   operations: m lengths L, each followed by its L colours, then the
//   specials of all those pieces;
// - anything else makes the rest of the input one case, for solve to reject.
//
// solve is called with the case's exact text: every line from the first one
// on, line ends (LF or CRLF) included, blank lines inside included. Should
// the input end inside a case, what was read of it is the last case.
//
// Output. The environment variable CASCADE_PROTOCOL (set by cascade: judge,
// stream, steps or "stream steps"; absent means judge) decides what is
// printed:
//
// - without "steps": the total, one integer on a line, or, under a match-3
//   rule set whose answer is the final board (answer=board, as LeetCode
//   723's), that board when the Answer has one (Answer.board(rows), or
//   withBoard(rows) on a steps answer): its n rows of m colours separated by
//   one blank, 0 for an empty cell;
// - with "steps": `step I RUNNING` for every running total, each followed by
//   the board after that move when one is given, then `total TOTAL`, or, in
//   place of that line, `board` and the final board's rows. An
//   Answer.of(total) or Answer.board(rows) prints only the last line(s),
//   which cascade accepts for a case without moves only.
//
// Each answer is flushed at once, since cascade sends the next case only
// after reading it. serve returns at the end of input. Anything solve throws
// is printed with its stack trace on standard error and the process exits
// with status 1: cascade reports it as the runtime error of that case.
// Answers go to System.out, so solve should print nothing there;
// System.err is free. CascadeStream.rules() gives the settings of the rule
// set cascade names in CASCADE_RULES.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class CascadeStream {
    private CascadeStream() {}

    /** A solution: the score of the case whose exact text it is given. */
    @FunctionalInterface
    public interface Solver {
        Answer solve(String text) throws Exception;
    }

    /**
     * What a Solver returns: the final score and, for the step protocol, the
     * running total after each move and the boards after them.
     */
    public static final class Answer {
        /** The final score, the judge protocol's answer. */
        public final long total;
        /** running[i] is the running total after move i+1; empty for of(total). */
        public final long[] running;
        /**
         * boards.get(i), when boards has it and it is not null, is the board
         * after move i+1 in the input's board format, one string per line, 0
         * for an empty cell (SameGame: N rows of N digits, top row first).
         * Never null; it may be shorter than running.
         */
        public final List<List<String>> boards;
        /**
         * Under answer=board, the final board, the answer in place of the
         * total: n rows of m colours separated by blanks. null: the total
         * is the answer.
         */
        public final List<String> board;

        private Answer(long total, long[] running, List<List<String>> boards, List<String> board) {
            this.total = total;
            this.running = running;
            this.boards = boards;
            this.board = board;
        }

        public static Answer of(long total) {
            return new Answer(total, new long[0], List.of(), null);
        }

        /** The final board rows as the answer. */
        public static Answer board(List<String> rows) {
            return new Answer(0, new long[0], List.of(), List.copyOf(rows));
        }

        /** This answer with the final board rows as the answer in place of its total. */
        public Answer withBoard(List<String> rows) {
            return new Answer(total, running, boards, List.copyOf(rows));
        }

        /** boards may be null (no boards), and so may any of its entries. */
        public static Answer steps(long[] running, long total, List<List<String>> boards) {
            List<List<String>> b = boards == null ? List.of() : boards;
            if (b.size() > running.length) {
                throw new IllegalArgumentException(b.size() + " boards for " + running.length + " moves");
            }
            return new Answer(total, running.clone(), b, null);
        }
    }

    /**
     * The rule set cascade names in CASCADE_RULES as its settings, its name
     * under "name"; empty when it names none.
     */
    public static Map<String, String> rules() {
        Map<String, String> settings = new HashMap<>();
        String r = System.getenv("CASCADE_RULES");
        if (r == null || r.isBlank()) {
            return settings;
        }
        String[] words = r.trim().split("\\s+");
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq >= 0) {
                settings.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
        }
        settings.put("name", words[0]);
        return settings;
    }

    /** Whether cascade runs the program under the step protocol. */
    public static boolean stepsWanted() {
        String p = System.getenv("CASCADE_PROTOCOL");
        return p != null && Arrays.asList(p.trim().split("\\s+")).contains("steps");
    }

    /** Answers every case on standard input with solver; see the file's comment. */
    public static void serve(Solver solver) {
        boolean steps = stepsWanted();
        LineReader in = new LineReader(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        Splitter splitter = new Splitter();
        try {
            for (String line; (line = in.readLine()) != null; ) {
                if (splitter.feed(line)) {
                    answer(solver, splitter.take(), steps, out);
                }
            }
            if (splitter.finish()) {
                answer(solver, splitter.take(), steps, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void answer(Solver solver, String text, boolean steps, Writer out) throws IOException {
        String s;
        try {
            s = format(solver.solve(text), steps);
        } catch (Throwable e) {
            e.printStackTrace();
            System.err.flush();
            System.exit(1);
            return;
        }
        out.write(s);
        out.flush();
    }

    static String format(Answer a, boolean steps) {
        StringBuilder last = new StringBuilder();
        if (a.board != null) {
            if (steps) {
                last.append("board\n");
            }
            for (String row : a.board) {
                last.append(row).append('\n');
            }
        } else {
            last.append(steps ? "total " : "").append(a.total).append('\n');
        }
        if (!steps) {
            return last.toString();
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < a.running.length; i++) {
            b.append("step ").append(i + 1).append(' ').append(a.running[i]).append('\n');
            List<String> board = i < a.boards.size() ? a.boards.get(i) : null;
            if (board != null) {
                for (String row : board) {
                    b.append(row).append('\n');
                }
            }
        }
        return b.append(last).toString();
    }

    /**
     * Reads lines with their line ends, which BufferedReader.readLine drops.
     * A read returns what the pipe holds, so it never waits for input past
     * the line asked for.
     */
    static final class LineReader {
        private final BufferedReader in;
        private final char[] buf = new char[1 << 16];
        private int pos;
        private int end;

        LineReader(BufferedReader in) {
            this.in = in;
        }

        /** The next line, its line end included; null at the end of input. */
        String readLine() throws IOException {
            StringBuilder line = null;
            while (true) {
                if (pos == end) {
                    end = in.read(buf, 0, buf.length);
                    pos = 0;
                    if (end <= 0) {
                        end = 0;
                        return line == null ? null : line.toString();
                    }
                }
                int i = pos;
                while (i < end && buf[i] != '\n') {
                    i++;
                }
                boolean whole = i < end;
                if (whole) {
                    i++;
                }
                if (line == null) {
                    line = new StringBuilder(i - pos);
                }
                line.append(buf, pos, i - pos);
                pos = i;
                if (whole) {
                    return line.toString();
                }
            }
        }
    }

    /**
     * Cuts cases out of a stream of lines. feed takes one line (its line end
     * included) and reports whether it completes a case, which take then
     * hands over; finish reports whether anything is left at the end of
     * input.
     */
    static final class Splitter {
        private enum State { FIRST, ROWS, MOVES, PAIRS, MATCH3, REST }

        private enum Part { NONE, BOARD, LENGTH, QUEUE, SPECIALS, OPERATIONS, DONE }

        private State state = State.FIRST;
        // cascade names a SameGame rule set only to a SameGame program, and
        // then a box may be W x H: two integers open a SameGame case. A
        // match-3 rule set names its refill, and under refill=queue the case
        // holds the queues.
        private final Map<String, String> rules = rules();
        private final boolean boxes = System.getenv("CASCADE_RULES") != null && !rules.containsKey("refill");
        private final boolean queues = "queue".equals(rules.get("refill"));
        private StringBuilder text = new StringBuilder();
        private long rows;                                   // SameGame rows still to come
        private final List<Long> header = new ArrayList<>(); // match-3: the integers n m k q read so far
        private Part part = Part.NONE;                       // match-3: the part of the case being read
        private long need;                                   // integers still to come (in that part, for match-3)
        private long columns;                                // match-3: queues whose length is still to come
        private long pieces;                                 // match-3: the pieces of all queues

        boolean feed(String line) {
            if (state == State.FIRST && line.isBlank()) {
                return false;
            }
            text.append(line);
            return read(line);
        }

        boolean finish() {
            return text.length() > 0;
        }

        String take() {
            String t = text.toString();
            text = new StringBuilder();
            state = State.FIRST;
            header.clear();
            part = Part.NONE;
            rows = 0;
            need = 0;
            columns = 0;
            pieces = 0;
            return t;
        }

        /** Reads line into the case and reports whether the case is done. */
        private boolean read(String line) {
            switch (state) {
                case FIRST: {
                    List<String> words = tokens(line, false);
                    List<Long> values = new ArrayList<>();
                    for (String w : words) {
                        Long v = integer(w);
                        if (v == null) {
                            state = State.REST;
                            return false;
                        }
                        values.add(v);
                    }
                    if (values.size() == 1 || values.size() == 2 && boxes) {
                        rows = values.get(values.size() - 1);
                        state = rows > 0 ? State.ROWS : State.MOVES;
                        return false;
                    }
                    state = State.MATCH3;
                    return readMatch3(words);
                }
                case ROWS:
                    if (--rows == 0) {
                        state = State.MOVES;
                    }
                    return false;
                case MOVES: {
                    List<String> words = tokens(line, true);
                    if (words.isEmpty()) {
                        return false;
                    }
                    Long k = integer(words.get(0));
                    if (k == null) {
                        return true;
                    }
                    need = 2 * k - (words.size() - 1);
                    state = State.PAIRS;
                    return need <= 0;
                }
                case PAIRS:
                    need -= tokens(line, true).size();
                    return need <= 0;
                case MATCH3:
                    return readMatch3(tokens(line, false));
                default: // REST: everything up to the end of input
                    return false;
            }
        }

        /**
         * Counts the integers of a match-3 case, part by part: the header,
         * the board and its specials, under refill=queue each column's queue
         * (its length, then its colours) and their specials, the operations.
         * Counts past 10^9, and pieces past 10^18, saturate: such a case is
         * cut at the end of input.
         */
        private boolean readMatch3(List<String> words) {
            for (String w : words) {
                if (part == Part.DONE) {
                    break;
                }
                if (header.size() < 4 || part == Part.LENGTH) {
                    Long v = integer(w);
                    if (v == null) {
                        return true;
                    }
                    long count = Math.min(Math.max(0, v), 1_000_000_000L);
                    if (part == Part.LENGTH) {
                        columns--;
                        pieces = Math.min(pieces + count, 1_000_000_000_000_000_000L);
                        part = Part.QUEUE;
                        need = count;
                    } else {
                        header.add(count);
                        if (header.size() == 4) {
                            part = Part.BOARD;
                            need = 2 * header.get(0) * header.get(1);
                        }
                    }
                } else {
                    need--;
                }
                nextPart();
            }
            return part == Part.DONE;
        }

        /** Moves on past the parts of a match-3 case that are complete. */
        private void nextPart() {
            while (part != Part.NONE && part != Part.DONE && need <= 0) {
                long m = header.get(1);
                long q = header.get(3);
                if (part == Part.BOARD && queues && m > 0) {
                    columns = m;
                    part = Part.LENGTH;
                    need = 1;
                } else if (part == Part.QUEUE && columns > 0) {
                    part = Part.LENGTH;
                    need = 1;
                } else if (part == Part.QUEUE) {
                    part = Part.SPECIALS;
                    need = pieces;
                } else if (part == Part.OPERATIONS) {
                    part = Part.DONE;
                } else {
                    part = Part.OPERATIONS;
                    need = 4 * q;
                }
            }
        }

        private static List<String> tokens(String line, boolean commas) {
            List<String> out = new ArrayList<>();
            int start = -1;
            for (int i = 0; i <= line.length(); i++) {
                boolean sep = i == line.length() || Character.isWhitespace(line.charAt(i))
                        || (commas && line.charAt(i) == ',');
                if (sep && start >= 0) {
                    out.add(line.substring(start, i));
                    start = -1;
                } else if (!sep && start < 0) {
                    start = i;
                }
            }
            return out;
        }

        /** token's value, saturating near 10^18; null when it is no integer. */
        private static Long integer(String token) {
            int i = !token.isEmpty() && (token.charAt(0) == '+' || token.charAt(0) == '-') ? 1 : 0;
            if (i == token.length()) {
                return null;
            }
            long v = 0;
            for (; i < token.length(); i++) {
                char c = token.charAt(i);
                if (c < '0' || c > '9') {
                    return null;
                }
                if (v < 100_000_000_000_000_000L) {
                    v = v * 10 + (c - '0');
                }
            }
            return token.charAt(0) == '-' ? -v : v;
        }
    }
}
