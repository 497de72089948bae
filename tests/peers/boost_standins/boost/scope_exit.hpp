// Stand-in for BOOST_SCOPE_EXIT_ALL, the one Boost.ScopeExit form rocFFT's unit tests use, for when
// build_suites.sh cannot get Boost's headers: BOOST_SCOPE_EXIT_ALL(captures) { body }; runs body at scope exit.
#pragma once
#include <utility>

namespace boost_standin {
template <class F>
struct scope_exit {
    F f;
    ~scope_exit() { f(); }
};
struct scope_exit_maker {
    template <class F>
    scope_exit<F> operator->*(F&& f) const { return scope_exit<F>{std::forward<F>(f)}; }
};
} // namespace boost_standin

#define BOOST_STANDIN_CAT2(a, b) a##b
#define BOOST_STANDIN_CAT(a, b) BOOST_STANDIN_CAT2(a, b)
#define BOOST_SCOPE_EXIT_ALL(...) \
    auto BOOST_STANDIN_CAT(boost_standin_scope_exit_, __LINE__) = boost_standin::scope_exit_maker{}->*[__VA_ARGS__]()
