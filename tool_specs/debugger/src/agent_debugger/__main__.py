import sys

from agent_debugger.cli import main

sys.exit(main())
