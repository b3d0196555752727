# Tandem web and worker image. Build: docker build -t tandem .
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TANDEM_VAR_DIR=/var/lib/tandem
WORKDIR /app
RUN useradd --system --home /app tandem && mkdir -p /var/lib/tandem && chown tandem /var/lib/tandem

COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

COPY . .
USER tandem
EXPOSE 8000 8001
CMD ["./deploy/web.sh"]
