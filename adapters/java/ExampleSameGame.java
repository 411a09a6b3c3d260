// SameGame ("Color Cubes") served through CascadeStream.
//
//     javac -d build/java adapters/java/CascadeStream.java adapters/java/ExampleSameGame.java
//     cascade check --game samegame --impl 'java -cp build/java ExampleSameGame' --stream --steps
//
// The box is kept as a list of columns, each a list of colours from the
// bottom up, so that falling is dropping removed cubes from a column and
// closing up is dropping empty columns from the list.

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

public final class ExampleSameGame {
    public static void main(String[] args) {
        CascadeStream.serve(ExampleSameGame::solve);
    }

    static CascadeStream.Answer solve(String text) {
        String[] lines = text.split("\r?\n");
        int n = Integer.parseInt(lines[0].trim());
        int k = Integer.parseInt(lines[n + 1].trim());
        List<Integer> numbers = new ArrayList<>();
        for (int i = n + 2; i < lines.length; i++) {
            for (String t : lines[i].split("[,\\s]+")) {
                if (!t.isEmpty()) {
                    numbers.add(Integer.parseInt(t));
                }
            }
        }
        if (numbers.size() != 2 * k) {
            throw new IllegalArgumentException("want " + k + " pairs, got " + numbers.size() + " numbers");
        }
        List<List<Integer>> columns = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            List<Integer> column = new ArrayList<>();
            for (int y = 0; y < n; y++) {
                column.add(lines[n - y].trim().charAt(x) - '0');
            }
            columns.add(column);
        }

        long[] running = new long[k];
        List<List<String>> boards = new ArrayList<>();
        long total = 0;
        boolean wantBoards = CascadeStream.stepsWanted();
        for (int i = 0; i < k; i++) {
            total += click(columns, numbers.get(2 * i), numbers.get(2 * i + 1));
            running[i] = total;
            boards.add(wantBoards ? draw(columns, n) : null);
        }
        return CascadeStream.Answer.steps(running, total, boards);
    }

    /** Plays a click on column x, row y from the bottom; returns its points. */
    static long click(List<List<Integer>> columns, int x, int y) {
        if (x >= columns.size() || y >= columns.get(x).size()) {
            return 0;
        }
        int colour = columns.get(x).get(y);
        // The group's cubes are set to 0 as they are found: 0 is no colour,
        // so a cube is never counted twice, and 0s are what falling drops.
        columns.get(x).set(y, 0);
        ArrayDeque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {x, y});
        long count = 0;
        int left = x;
        int right = x;
        while (!stack.isEmpty()) {
            int[] c = stack.pop();
            count++;
            left = Math.min(left, c[0]);
            right = Math.max(right, c[0]);
            int[][] next = {{c[0] - 1, c[1]}, {c[0] + 1, c[1]}, {c[0], c[1] - 1}, {c[0], c[1] + 1}};
            for (int[] p : next) {
                if (p[0] >= 0 && p[0] < columns.size() && p[1] >= 0 && p[1] < columns.get(p[0]).size()
                        && columns.get(p[0]).get(p[1]) == colour) {
                    columns.get(p[0]).set(p[1], 0);
                    stack.push(p);
                }
            }
        }
        for (int cx = left; cx <= right; cx++) {
            columns.get(cx).removeIf(v -> v == 0);
        }
        columns.removeIf(List::isEmpty);
        return count * (count + 1) / 2;
    }

    /** The box as N rows of N digits, top row first, 0 for an empty cell. */
    static List<String> draw(List<List<Integer>> columns, int n) {
        List<String> rows = new ArrayList<>();
        for (int y = n - 1; y >= 0; y--) {
            StringBuilder row = new StringBuilder();
            for (int x = 0; x < n; x++) {
                boolean cube = x < columns.size() && y < columns.get(x).size();
                row.append(cube ? columns.get(x).get(y) : 0);
            }
            rows.add(row.toString());
        }
        return rows;
    }
}
