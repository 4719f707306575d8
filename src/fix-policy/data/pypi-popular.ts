// Well-known PyPI packages (by name, lower case, `-` and `_` alike): a package installed by name
// crosses projects only when it is on this list; any other name stays in the project that proved it.
export const PYPI_POPULAR = `
aiohttp aiofiles aiosignal alembic amqp annotated-types anthropic anyio appdirs argon2-cffi arrow asgiref
asyncpg attrs autopep8 avro awscli azure-core azure-identity azure-storage-blob babel backoff bandit
bcrypt beautifulsoup4 billiard black bleach blinker boto3 botocore build cachetools celery certifi cffi
chardet charset-normalizer click cloudpickle colorama coloredlogs coverage cryptography cycler cython
dash dataclasses-json datasets dateparser decorator deprecated dill distlib distro django
django-cors-headers django-environ django-extensions django-filter djangorestframework dnspython docker
docutils dotenv email-validator et-xmlfile exceptiongroup factory-boy faker fastapi fastjsonschema
filelock flake8 flask flask-cors flask-login flask-migrate flask-sqlalchemy flask-wtf fonttools
freezegun frozenlist fsspec future gevent gitdb gitpython google-api-core google-auth
google-cloud-storage googleapis-common-protos greenlet grpcio grpcio-tools gunicorn h11 h5py httpcore
httptools httpx huggingface-hub humanfriendly hypothesis idna imageio importlib-metadata
importlib-resources iniconfig ipykernel ipython isort itsdangerous jedi jinja2 jmespath joblib
jsonpointer jsonschema jupyter jupyterlab keras kiwisolver kombu langchain langchain-core lxml mako
markdown markdown-it-py markupsafe marshmallow matplotlib mccabe mdurl mock more-itertools moto msgpack
multidict mypy mypy-extensions mysqlclient nest-asyncio networkx nltk nodeenv nose numpy oauthlib
openai openpyxl opencv-python orjson packaging pandas paramiko parso pathspec pendulum pexpect pillow
pip pip-tools pipenv platformdirs playwright plotly pluggy poetry poetry-core polars portalocker
pre-commit prometheus-client prompt-toolkit protobuf psutil psycopg psycopg2 psycopg2-binary ptyprocess
py pyarrow pyasn1 pycodestyle pycparser pycryptodome pydantic pydantic-core pydantic-settings pyflakes
pygments pyjwt pylint pymongo pymysql pynacl pyopenssl pyparsing pyperclip pyright pytest
pytest-asyncio pytest-cov pytest-django pytest-mock pytest-xdist python-dateutil python-dotenv
python-multipart python-jose pytz pyyaml pyzmq redis regex requests requests-oauthlib requests-toolbelt
rich rsa ruamel-yaml ruff s3transfer scikit-learn scipy seaborn selenium sentry-sdk setuptools shapely
simplejson six sniffio sortedcontainers soupsieve sphinx sqlalchemy sqlparse starlette streamlit
structlog sympy tabulate tenacity tensorboard tensorflow termcolor threadpoolctl tiktoken tokenizers
toml tomli tomlkit toolz torch torchvision tornado tqdm traitlets transformers twine typer
types-requests typing-extensions typing-inspect tzdata tzlocal ujson urllib3 uv uvicorn uvloop
virtualenv watchdog watchfiles wcwidth websocket-client websockets werkzeug wheel wrapt xlrd
xmltodict yarl zipp
`;
