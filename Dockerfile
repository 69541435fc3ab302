# An image that runs `toolprov` itself, talking to the host's engine through its socket:
#   scripts/toolprov_image.sh                      (resolves wheels on the host, then builds this file)
#   docker run --rm -v /var/run/docker.sock:/var/run/docker.sock toolprov list
# Built from the local base image (no registry): --build-arg BASE=toolprov-base:bookworm
# The package is installed as users install it (a wheel, not editable): templates, tool specs and tool sources
# ship inside it, so the image needs no copy of the checkout and computes the same cache keys as the host.
ARG BASE=toolprov-base:bookworm
FROM ${BASE} AS build
COPY .build/wheels /tmp/wheels
COPY . /tmp/toolprov-src
RUN python3 -m venv /opt/toolprov \
 && /opt/toolprov/bin/pip install -q --no-index --find-links /tmp/wheels --no-cache-dir /tmp/toolprov-src

FROM ${BASE}
COPY --from=build /opt/toolprov /opt/toolprov
ENV PATH=/opt/toolprov/bin:$PATH
ENTRYPOINT ["toolprov"]
CMD ["--help"]
