"""toolprov: provision tools into container images as cached, content-addressed layers."""

__version__ = "0.1.0"
