// DCT and DST (kernels/real_to_real.h): a batch of real-to-real transforms is one launch of the real Stockham
// kernels, the complex DFT of the kind's length in the slot and the kind's input and output maps in its staged
// copies (StockhamArgs::real_to_real): the user's reals are read and written once.
#pragma once

#include "library/plan/node_builder.h"

namespace rift {

const NodeBuilder& real_to_real_builder();

} // namespace rift
