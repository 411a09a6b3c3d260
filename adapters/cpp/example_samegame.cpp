// SameGame ("Color Cubes") served through cascade_stream.hpp.
//
//     mkdir -p build && g++ -O2 -std=c++17 -o build/example_samegame adapters/cpp/example_samegame.cpp
//     cascade check --game samegame --impl build/example_samegame --stream --steps
//
// The box is kept as a vector of columns, each a vector of colours from the
// bottom up, so that falling is dropping removed cubes from a column and
// closing up is dropping empty columns from the vector.
#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cascade_stream.hpp"

using Columns = std::vector<std::vector<int>>;

// click plays a click on column x, row y from the bottom, and returns its
// points.
long long click(Columns& columns, int x, int y) {
    if (x >= static_cast<int>(columns.size()) || y >= static_cast<int>(columns[x].size())) return 0;
    const int colour = columns[x][y];
    // The group's cubes are set to 0 as they are found: 0 is no colour, so a
    // cube is never counted twice, and 0s are what falling drops.
    columns[x][y] = 0;
    std::vector<std::pair<int, int>> stack{{x, y}};
    long long count = 0;
    int left = x, right = x;
    while (!stack.empty()) {
        auto [cx, cy] = stack.back();
        stack.pop_back();
        count++;
        left = std::min(left, cx);
        right = std::max(right, cx);
        const std::pair<int, int> next[] = {{cx - 1, cy}, {cx + 1, cy}, {cx, cy - 1}, {cx, cy + 1}};
        for (auto [nx, ny] : next) {
            if (nx >= 0 && nx < static_cast<int>(columns.size()) && ny >= 0 &&
                ny < static_cast<int>(columns[nx].size()) && columns[nx][ny] == colour) {
                columns[nx][ny] = 0;
                stack.push_back({nx, ny});
            }
        }
    }
    for (int cx = left; cx <= right; cx++) {
        auto& column = columns[cx];
        column.erase(std::remove(column.begin(), column.end(), 0), column.end());
    }
    columns.erase(std::remove_if(columns.begin(), columns.end(), [](const auto& c) { return c.empty(); }),
                  columns.end());
    return count * (count + 1) / 2;
}

// draw returns the box as N rows of N digits, top row first, 0 for an empty
// cell.
cascade::Board draw(const Columns& columns, int n) {
    cascade::Board rows;
    for (int y = n - 1; y >= 0; y--) {
        std::string row(n, '0');
        for (std::size_t x = 0; x < columns.size(); x++) {
            if (y < static_cast<int>(columns[x].size())) row[x] = static_cast<char>('0' + columns[x][y]);
        }
        rows.push_back(row);
    }
    return rows;
}

cascade::Answer solve(const std::string& text) {
    std::string cleaned = text;
    std::replace(cleaned.begin(), cleaned.end(), ',', ' ');
    std::istringstream in(cleaned);
    int n, k;
    in >> n;
    std::vector<std::string> rows(n);
    for (auto& row : rows) in >> row;
    in >> k;
    if (!in) throw std::runtime_error("cannot read N, the rows and K");
    Columns columns(n);
    for (int x = 0; x < n; x++) {
        for (int y = 0; y < n; y++) columns[x].push_back(rows[n - 1 - y].at(x) - '0');
    }

    cascade::Answer answer;
    const bool want_boards = cascade::steps_wanted();
    for (int i = 0; i < k; i++) {
        int x, y;
        if (!(in >> x >> y)) throw std::runtime_error("want " + std::to_string(k) + " pairs");
        answer.total += click(columns, x, y);
        answer.running.push_back(answer.total);
        if (want_boards) answer.boards.push_back(draw(columns, n));
    }
    return answer;
}

int main() { cascade::serve(solve); }
