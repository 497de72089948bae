// A node of a plan tree. Each node kind is one class that owns its children, prints itself as a terse
// S-expression (stable enough for golden tests) and lowers itself to kernel launches.
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <vector>

#include "library/exec/kernel_chain.h"

namespace rift {

class TreeNode {
public:
    virtual ~TreeNode() = default;
    virtual void print(std::ostream& out, int depth) const = 0;
    virtual void append_launches(KernelChain& chain) const = 0;
    // Elements of the plan's work buffer this node uses (it starts at element 0).
    virtual size_t work_elements() const { return 0; }

protected:
    static void indent(std::ostream& out, int depth)
    {
        for (int i = 0; i < depth; ++i) out << "  ";
    }
};

} // namespace rift
