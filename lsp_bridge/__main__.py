from lsp_bridge.cli import main

main()
