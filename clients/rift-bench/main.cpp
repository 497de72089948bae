// rift-bench: times one rift transform (or each of a --suite file), in the spirit of rocfft-bench. See --help.
#include <exception>
#include <filesystem>
#include <new>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "common/checks.h"
#include "rift-bench/convolution_bench.h"
#include "rift-bench/nfft_bench.h"
#include "rift-bench/options.h"
#include "rift-bench/report.h"
#include "rift-bench/run_case.h"
#include "rift-bench/session.h"

namespace {

using namespace rift::bench;
using rift::client::Error;

// The command line less "--suite FILE": the flags every line of the suite inherits.
std::vector<std::string> without_suite_flag(const std::vector<std::string>& arguments)
{
    std::vector<std::string> rest;
    for (size_t i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == "--suite") {
            ++i; // and its file name
            continue;
        }
        rest.push_back(arguments[i]);
    }
    return rest;
}

// Runs every case of the file, one CSV line each. A failing case is reported and skipped; the exit status
// says whether any failed.
int run_suite(const std::string& file_name, const std::vector<std::string>& common_arguments, Session& session)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(file_name, error))
        throw Error("suite file '" + file_name + "' is not a readable file");
    std::ifstream file(file_name);
    if (!file) throw Error("cannot read suite file '" + file_name + "'");
    std::cout << csv_header() << '\n';
    int failures = 0, cases = 0;
    int line_number = 0;
    for (std::string line; std::getline(file, line);) {
        ++line_number;
        const std::vector<std::string> words = split_suite_line(line);
        if (words.empty()) continue;
        ++cases;
        std::vector<std::string> arguments = common_arguments;
        arguments.insert(arguments.end(), words.begin(), words.end());
        try {
            const Options options = parse_options(arguments);
            if (!options.suite_file.empty()) throw Error("--suite inside a suite file");
            if (options.filter_length || options.nfft_nodes)
                throw Error("--convolution and --nfft cases run on their own, not in a suite");
            print_csv_line(run_case(options, session.target_for(options)), std::cout);
            std::cout.flush(); // a long suite shows progress, and a crash keeps the lines so far
        } catch (const std::exception& error) {
            std::cerr << "rift-bench: " << file_name << ":" << line_number << ": " << error.what() << '\n';
            ++failures;
        }
    }
    if (file.bad()) throw Error("reading suite file '" + file_name + "' failed");
    if (cases == 0) throw Error("suite file '" + file_name + "' has no cases");
    return failures == 0 ? 0 : 1;
}

int run(const std::vector<std::string>& arguments)
{
    const Options options = parse_options(arguments);
    if (options.help) {
        print_usage(std::cout);
        return 0;
    }
    const rift::client::RiftLibrary library;
    const bool machine_readable = options.csv || !options.suite_file.empty();
    Session session(machine_readable ? std::cerr : std::cout);
    if (!options.suite_file.empty()) return run_suite(options.suite_file, without_suite_flag(arguments), session);
    if (options.filter_length) return run_convolution_bench(options, session.target_for(options), std::cout);
    if (options.nfft_nodes) return run_nfft_bench(options, session.target_for(options), std::cout);

    if (options.plan_only) {
        session.target_for(options); // the device's context first: it is not the plan's time
        return run_plan_only(options, std::cout);
    }
    const CaseResult result = run_case(options, session.target_for(options));
    if (options.csv) {
        print_csv_line(result, std::cout);
    } else {
        print_human(result, std::cout);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    try {
        return run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::bad_alloc&) {
        std::cerr << "rift-bench: out of host memory for this case's data\n";
        return 1;
    } catch (const std::exception& error) {
        std::cerr << "rift-bench: " << error.what() << '\n';
        return 1;
    }
}
