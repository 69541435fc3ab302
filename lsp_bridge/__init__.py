"""lsp-bridge: a tree-sitter indexed Python language server for agents and editors."""

__version__ = "0.1.0"
