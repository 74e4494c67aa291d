# compose.yaml's team database: PostgreSQL 15 with pgvector (HNSW needs >= 0.5). The official
# postgres:15 image carries PGDG's apt repository, whose postgresql-15-pgvector is 0.8; a base that
# has the extension already (the stand-in of scripts/container/stand-ins.sh, built from Debian's
# source package, 0.8.0) is kept as it is.
FROM postgres:15
RUN if [ ! -f /usr/share/postgresql/15/extension/vector.control ]; then \
      apt-get update && apt-get install -y --no-install-recommends postgresql-15-pgvector && rm -rf /var/lib/apt/lists/*; \
    fi
