// SameGame ("Color Cubes"): reads one case on standard input, prints its
// score.
//
// solve.cpp with its columns closed right: every empty column goes, however
// many one click empties.
#include <iostream>
#include <string>
#include <utility>
#include <vector>

int main() {
    int n;
    std::cin >> n;
    std::vector<std::string> rows(n);
    for (auto& row : rows) std::cin >> row;
    // The box as columns, each a list of colours from the bottom up.
    std::vector<std::vector<int>> cols(n);
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) cols[x].push_back(rows[n - 1 - y][x] - '0');
    int k;
    std::cin >> k;
    long long total = 0;
    for (int i = 0; i < k; i++) {
        int x, y;
        char comma;
        std::cin >> x;
        if (std::cin.peek() == ',') std::cin >> comma;
        std::cin >> y;
        if (std::cin.peek() == ',') std::cin >> comma;
        if (x >= (int)cols.size() || y >= (int)cols[x].size()) continue;  // an empty cell
        int colour = cols[x][y];
        long long count = 0;
        std::vector<std::pair<int, int>> stack{{x, y}};
        cols[x][y] = 0;
        while (!stack.empty()) {
            auto [cx, cy] = stack.back();
            stack.pop_back();
            count++;
            int dx[] = {-1, 1, 0, 0}, dy[] = {0, 0, -1, 1};
            for (int d = 0; d < 4; d++) {
                int nx = cx + dx[d], ny = cy + dy[d];
                if (nx >= 0 && nx < (int)cols.size() && ny >= 0 && ny < (int)cols[nx].size() &&
                    cols[nx][ny] == colour) {
                    cols[nx][ny] = 0;
                    stack.push_back({nx, ny});
                }
            }
        }
        total += count * (count + 1) / 2;
        for (auto& col : cols) {
            std::vector<int> kept;
            for (int c : col)
                if (c) kept.push_back(c);
            col = kept;
        }
        // close the gaps emptied columns leave
        std::vector<std::vector<int>> kept;
        for (auto& col : cols)
            if (!col.empty()) kept.push_back(col);
        cols = kept;
    }
    std::cout << total << "\n";
}
