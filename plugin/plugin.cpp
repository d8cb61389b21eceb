// placeholder: replaced by the plugin implementation
#include "clang/Frontend/FrontendPluginRegistry.h"
