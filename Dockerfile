# An image that runs `toolprov` itself, talking to the host's engine through its socket:
#   scripts/toolprov_image.sh                      (resolves wheels on the host, then builds this file)
#   docker run --rm -v /var/run/docker.sock:/var/run/docker.sock toolprov list
# Built from the local base image (no registry): --build-arg BASE=toolprov-base:bookworm
ARG BASE=toolprov-base:bookworm
FROM ${BASE} AS build
COPY .build/wheels /tmp/wheels
COPY . /opt/toolprov-src
RUN python3 -m venv /opt/toolprov \
 && /opt/toolprov/bin/pip install -q --no-index --find-links /tmp/wheels --no-cache-dir -e /opt/toolprov-src \
 && rm -rf /opt/toolprov-src/.build

FROM ${BASE}
COPY --from=build /opt/toolprov /opt/toolprov
COPY --from=build /opt/toolprov-src /opt/toolprov-src
ENV PATH=/opt/toolprov/bin:$PATH \
    TOOLPROV_SPECS=/opt/toolprov-src/tool_specs
ENTRYPOINT ["toolprov"]
CMD ["--help"]
