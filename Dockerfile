FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir -c constraints.txt .
# Static files with a gzipped copy of each (whitenoise's CompressedStaticFilesStorage), served
# by WhiteNoise from var/static rather than from the apps (DEBUG only for this build step:
# collectstatic needs no secret key).
RUN DEBUG=true python manage.py collectstatic --noinput -v 0
ENV WHITENOISE_USE_FINDERS=false
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000"]
