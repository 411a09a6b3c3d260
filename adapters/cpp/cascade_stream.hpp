// cascade_stream.hpp: serve a SameGame or match-3 solution to cascade check.
//
// One solution, written as a function from a case's text to its score,
// serves every protocol of `cascade check` (SPEC.md, "Programs under test").
// One header, C++17, the standard library only:
//
//     #include "cascade_stream.hpp"
//
//     cascade::Answer solve(const std::string& text) {
//         ...                                  // parse text, play the game
//         return total;                        // a long long, or
//         return cascade::Answer(running, total, boards);
//         // or, under answer=board, cascade::Answer::final_board(rows)
//     }
//
//     int main() { cascade::serve(solve); }
//
// Build it with g++ -O2 -std=c++17 -I adapters/cpp, run it as
// `cascade check --game samegame --impl ./solution`, adding --stream (one
// process for many cases) and/or --steps (a step line after every move) as
// you like; the program needs no change.
//
// Input. serve reads std::cin line by line and cuts it into cases by the
// statements' own counts, without reading past the end of a case:
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
//   723's), that board when the Answer has one (Answer::board): its n rows
//   of m colours separated by one blank, 0 for an empty cell;
// - with "steps": `step I RUNNING` for every running total, each followed by
//   the board after that move when one is given, then `total TOTAL`, or, in
//   place of that line, `board` and the final board's rows. An Answer
//   without running totals prints only the last line(s), which cascade
//   accepts for a case without moves only.
//
// Each answer is flushed at once, since cascade sends the next case only
// after reading it. serve returns at the end of input. An exception thrown
// by solve is printed on std::cerr and the process exits with status 1:
// cascade reports it as the runtime error of that case. serve turns off
// std::cin's synchronisation with stdio (call it before reading anything
// else) and answers on std::cout only, so solve should print nothing there;
// std::cerr is free. cascade::rules() gives the settings of the rule set
// cascade names in CASCADE_RULES.
#ifndef CASCADE_STREAM_HPP
#define CASCADE_STREAM_HPP

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cascade {

// A board in the input's board format, one string per line, 0 for an empty
// cell: SameGame, N rows of N digits, top row first; match-3, n rows of m
// colours, then n rows of m specials, separated by spaces.
using Board = std::vector<std::string>;

// Answer is what solve returns: the final score and, for the step protocol,
// the running total after each move and the boards after them.
struct Answer {
    long long total = 0;
    // running[i] is the running total after move i+1. Empty: only the total
    // is known.
    std::vector<long long> running;
    // boards[i], when present and not empty, is the board after move i+1;
    // boards may be shorter than running.
    std::vector<Board> boards;
    // board, when not empty, is the final board, the answer in place of the
    // total under answer=board: n rows of m colours separated by blanks.
    Board board;

    Answer(long long final_score = 0) : total(final_score) {}
    Answer(std::vector<long long> running_totals, long long final_score, std::vector<Board> boards_after = {})
        : total(final_score), running(std::move(running_totals)), boards(std::move(boards_after)) {}

    // final_board is the answer that is the final board rows.
    static Answer final_board(Board rows) {
        Answer a;
        a.board = std::move(rows);
        return a;
    }
};

// rules returns the rule set cascade names in CASCADE_RULES as its
// settings, its name under "name" ({"name": "gymmatch3", "refill":
// "queue", ...}); empty when it names none.
inline std::map<std::string, std::string> rules() {
    std::map<std::string, std::string> settings;
    const char* p = std::getenv("CASCADE_RULES");
    std::string s = p == nullptr ? "" : p, word;
    for (std::size_t i = 0; i <= s.size(); i++) {
        if (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) {
            word += s[i];
            continue;
        }
        if (word.empty()) continue;
        std::size_t eq = word.find('=');
        if (settings.empty()) {
            settings["name"] = word;
        } else if (eq != std::string::npos) {
            settings[word.substr(0, eq)] = word.substr(eq + 1);
        }
        word.clear();
    }
    return settings;
}

// steps_wanted reports whether cascade runs the program under the step
// protocol.
inline bool steps_wanted() {
    const char* p = std::getenv("CASCADE_PROTOCOL");
    if (p == nullptr) return false;
    std::string s(p);
    for (std::size_t i = 0; (i = s.find("steps", i)) != std::string::npos; i += 5) {
        bool starts = i == 0 || std::isspace(static_cast<unsigned char>(s[i - 1]));
        bool ends = i + 5 == s.size() || std::isspace(static_cast<unsigned char>(s[i + 5]));
        if (starts && ends) return true;
    }
    return false;
}

namespace detail {

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

// tokens splits line at white space, and at commas when commas is set.
inline std::vector<std::string> tokens(const std::string& line, bool commas) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (is_space(c) || (commas && c == ',')) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// integer parses token into v, saturating near 10^18 (past it, every count
// is too big for memory anyway); it reports false when token is no integer.
inline bool integer(const std::string& token, long long& v) {
    std::size_t i = token.size() > 0 && (token[0] == '+' || token[0] == '-') ? 1 : 0;
    if (i == token.size()) return false;
    bool negative = token[0] == '-';
    v = 0;
    for (; i < token.size(); i++) {
        if (token[i] < '0' || token[i] > '9') return false;
        if (v < 100000000000000000LL) v = v * 10 + (token[i] - '0');
    }
    if (negative) v = -v;
    return true;
}

// Splitter cuts cases out of a stream of lines. feed takes one line (its
// line end included) and reports whether it completes a case, which take
// then hands over; finish hands over what is left at the end of input.
class Splitter {
public:
    bool feed(const std::string& line) {
        if (state_ == first && tokens(line, false).empty()) return false;
        text_ += line;
        return read(line);
    }

    bool finish() { return !text_.empty(); }

    std::string take() {
        std::string text;
        text.swap(text_);
        state_ = first;
        header_.clear();
        part_ = none;
        rows_ = need_ = columns_ = pieces_ = 0;
        return text;
    }

private:
    enum State { first, rows, moves, pairs, match3_ints, rest };
    // The parts of a match-3 case, in order.
    enum Part { none, board, length, queue, specials, operations, done };
    State state_ = first;
    // cascade names a SameGame rule set only to a SameGame program, and
    // then a box may be W x H: two integers open a SameGame case. A match-3
    // rule set names its refill, and under refill=queue the case holds the
    // queues.
    std::map<std::string, std::string> rules_ = rules();
    bool boxes_ = std::getenv("CASCADE_RULES") != nullptr && rules_.count("refill") == 0;
    bool queues_ = rules_.count("refill") == 1 && rules_["refill"] == "queue";
    std::string text_;
    long long rows_ = 0;             // SameGame rows still to come
    std::vector<long long> header_;  // match-3: the integers n m k q read so far
    Part part_ = none;               // match-3: the part of the case being read
    long long need_ = 0;             // integers still to come (in that part, for match-3)
    long long columns_ = 0;          // match-3: queues whose length is still to come
    long long pieces_ = 0;           // match-3: the pieces of all queues

    // read reads line into the case and reports whether the case is done.
    bool read(const std::string& line) {
        switch (state_) {
        case first: {
            std::vector<std::string> words = tokens(line, false);
            std::vector<long long> values;
            for (const std::string& w : words) {
                long long v;
                if (!integer(w, v)) {
                    state_ = rest;
                    return false;
                }
                values.push_back(v);
            }
            if (values.size() == 1 || (values.size() == 2 && boxes_)) {
                rows_ = values.back();
                state_ = rows_ > 0 ? rows : moves;
                return false;
            }
            state_ = match3_ints;
            return read_match3(words);
        }
        case rows:
            if (--rows_ == 0) state_ = moves;
            return false;
        case moves: {
            std::vector<std::string> words = tokens(line, true);
            if (words.empty()) return false;
            long long k;
            if (!integer(words[0], k)) return true;
            need_ = 2 * k - static_cast<long long>(words.size() - 1);
            state_ = pairs;
            return need_ <= 0;
        }
        case pairs:
            need_ -= static_cast<long long>(tokens(line, true).size());
            return need_ <= 0;
        case match3_ints:
            return read_match3(tokens(line, false));
        case rest:
            break;
        }
        return false;
    }

    // read_match3 counts the integers of a match-3 case, part by part: the
    // header, the board and its specials, under refill=queue each column's
    // queue (its length, then its colours) and their specials, the
    // operations. Counts past 10^9, and pieces past 10^18, saturate: such a
    // case is cut at the end of input.
    bool read_match3(const std::vector<std::string>& words) {
        for (const std::string& w : words) {
            if (part_ == done) break;
            if (header_.size() < 4 || part_ == length) {
                long long v;
                if (!integer(w, v)) return true;
                v = std::min(std::max(0LL, v), 1000000000LL);
                if (part_ == length) {
                    columns_--;
                    pieces_ = std::min(pieces_ + v, 1000000000000000000LL);
                    part_ = queue;
                    need_ = v;
                } else {
                    header_.push_back(v);
                    if (header_.size() == 4) {
                        part_ = board;
                        need_ = 2 * header_[0] * header_[1];
                    }
                }
            } else {
                need_--;
            }
            next_part();
        }
        return part_ == done;
    }

    // next_part moves on past the parts of a match-3 case that are complete.
    void next_part() {
        while (part_ != none && part_ != done && need_ <= 0) {
            long long m = header_[1], q = header_[3];
            if (part_ == board && queues_ && m > 0) {
                columns_ = m;
                part_ = length;
                need_ = 1;
            } else if (part_ == queue && columns_ > 0) {
                part_ = length;
                need_ = 1;
            } else if (part_ == queue) {
                part_ = specials;
                need_ = pieces_;
            } else if (part_ == operations) {
                part_ = done;
            } else {
                part_ = operations;
                need_ = 4 * q;
            }
        }
    }
};

inline std::string format(const Answer& a, bool steps) {
    std::string last;
    if (!a.board.empty()) {
        if (steps) last = "board\n";
        for (const std::string& row : a.board) {
            last += row;
            last += '\n';
        }
    } else {
        last = (steps ? "total " : "") + std::to_string(a.total) + "\n";
    }
    if (!steps) return last;
    std::string out;
    for (std::size_t i = 0; i < a.running.size(); i++) {
        out += "step " + std::to_string(i + 1) + " " + std::to_string(a.running[i]) + "\n";
        if (i < a.boards.size()) {
            for (const std::string& row : a.boards[i]) {
                out += row;
                out += '\n';
            }
        }
    }
    return out + last;
}

inline void answer(const std::function<Answer(const std::string&)>& solve, const std::string& text, bool steps) {
    std::string out;
    try {
        out = format(solve(text), steps);
    } catch (const std::exception& e) {
        std::cerr << "solve threw: " << e.what() << std::endl;
        std::exit(1);
    } catch (...) {
        std::cerr << "solve threw an exception that is not a std::exception" << std::endl;
        std::exit(1);
    }
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    std::cout.flush();
}

}  // namespace detail

// serve answers every case on std::cin with solve(text), as the header's
// comment says, and returns at the end of input.
inline void serve(const std::function<Answer(const std::string&)>& solve) {
    // Unsynchronised, std::cin reads in blocks; a block read returns what
    // the pipe holds, so it never waits for input past the current case.
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    const bool steps = steps_wanted();
    detail::Splitter splitter;
    std::string line;
    while (std::getline(std::cin, line)) {
        // getline drops the line end; eof tells a last line that had none.
        if (!std::cin.eof()) line += '\n';
        if (splitter.feed(line)) detail::answer(solve, splitter.take(), steps);
    }
    if (splitter.finish()) detail::answer(solve, splitter.take(), steps);
}

}  // namespace cascade

#endif  // CASCADE_STREAM_HPP
