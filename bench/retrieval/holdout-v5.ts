// FIFTH HELD-OUT part of the retrieval data set (holdout v5, issue #13): NEVER use it for tuning, never
// look at its cases one by one to change the algorithm, the keywords or the normalisation. It is
// measured once, at the end, and its figures are only reported.
// Written blind on 2026-11-23, in one go, from knowledge of how the real tools print their errors:
// nothing under src/ (src/error-kb/ included) was opened, bench/kb-quality.mjs, docs/error-kb*.md and the
// retrieval tests were not opened, and no retrieval code was run. bench/retrieval/tuning.ts, tuning-2.ts,
// holdout-v2.ts, holdout-v3.ts and holdout-v4.ts were only skimmed (ids, and a grep for key phrases) so
// that these are NEW problems and no unrelated error here is fixed by one of their resolutions.
// Each pair: the raw error that was resolved and stored (as the hook's `error` field carries it: Bash
// payloads start with Claude Code's `Exit code N` line followed by the tool's output, Claude Code's own
// tool errors are the plain message), and a later raw error of the same problem with the same fix, as
// the tool prints it another time (other paths, user names, package/module/class names, line numbers,
// versions, ports, hosts, timestamps, line order, another tool version's wording, extra prefix and
// suffix lines). `resolution` is the fix in one line and applies as written to both errors.
// Unrelated: errors of the same tools that are a different problem needing a different fix (many
// near misses: same tool, same prefix lines, similar words, other cause): they must match nothing.
import { pair as P, type KbPair } from './types.js';

export const HOLDOUT5_PAIRS: KbPair[] = [
  // npm / node
  P(
    'h6-node-subpath-not-exported',
    'node',
    "Exit code 1\nnode:internal/modules/cjs/loader:598\n      throw e;\n      ^\n\nError [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath './lib/utils' is not defined by \"exports\" in /home/ana/shop/node_modules/uuid/package.json\n    at exportsNotFound (node:internal/modules/esm/resolve:304:10)\n    at packageExportsResolve (node:internal/modules/esm/resolve:651:9)\n    at resolveExports (node:internal/modules/cjs/loader:591:36)\n    at Module._findPath (node:internal/modules/cjs/loader:668:31) {\n  code: 'ERR_PACKAGE_PATH_NOT_EXPORTED'\n}\n\nNode.js v20.11.1",
    "Exit code 1\nfile:///srv/bot/dist/main.js:3\nError [ERR_PACKAGE_PATH_NOT_EXPORTED]: Package subpath './dist/cjs/helpers.js' is not defined by \"exports\" in /srv/bot/node_modules/@octokit/core/package.json imported from /srv/bot/dist/main.js\n    at exportsNotFound (node:internal/modules/esm/resolve:314:10)\n    at packageExportsResolve (node:internal/modules/esm/resolve:661:9)\n    at packageResolve (node:internal/modules/esm/resolve:774:12) {\n  code: 'ERR_PACKAGE_PATH_NOT_EXPORTED'\n}\n\nNode.js v22.3.0",
    'the package\'s "exports" map hides that deep path: import only the public entry point the package exports (or pin the older version that still allowed the subpath)',
  ),
  P(
    'h6-node-fetch-localhost-ipv6',
    'node',
    "Exit code 1\nnode:internal/deps/undici/undici:13185\n      Error.captureStackTrace(err);\n            ^\n\nTypeError: fetch failed\n    at node:internal/deps/undici/undici:13185:13\n    at async seed (/home/jo/app/scripts/seed.mjs:12:15) {\n  [cause]: Error: connect ECONNREFUSED ::1:3000\n      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {\n    errno: -111,\n    code: 'ECONNREFUSED',\n    syscall: 'connect',\n    address: '::1',\n    port: 3000\n  }\n}\n\nNode.js v20.12.0",
    "Exit code 1\nTypeError: fetch failed\n    at Object.fetch (node:internal/deps/undici/undici:11576:11)\n    at async main (file:///Users/pat/api-tests/run.js:8:17) {\n  cause: Error: connect ECONNREFUSED ::1:8080\n      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n    errno: -61,\n    code: 'ECONNREFUSED',\n    syscall: 'connect',\n    address: '::1',\n    port: 8080\n  }\n}",
    'Node 17+ resolves localhost to IPv6 ::1 but the server listens on IPv4 only: call 127.0.0.1 instead of localhost (or make the server listen on ::)',
  ),
  P(
    'h6-jest-suite-no-tests',
    'jest',
    'Exit code 1\n FAIL  src/__tests__/helpers.ts\n  ● Test suite failed to run\n\n    Your test suite must contain at least one test.\n\n      at onResult (node_modules/@jest/core/build/TestScheduler.js:133:18)\n\nTest Suites: 1 failed, 12 passed, 13 total\nTests:       88 passed, 88 total',
    'Exit code 1\n PASS  test/api/users.test.js\n FAIL  test/fixtures/factory.js\n  ● Test suite failed to run\n\n    Your test suite must contain at least one test.\n\n      at onResult (node_modules/@jest/core/build/TestScheduler.js:175:18)\n      at node_modules/@jest/core/build/TestScheduler.js:316:17\n\nTest Suites: 1 failed, 4 passed, 5 total\nTests:       31 passed, 31 total\nSnapshots:   0 total\nTime:        6.204 s',
    'a helper file without tests is being collected as a test suite: narrow testMatch/testRegex (or add it to testPathIgnorePatterns) so only *.test files run',
  ),
  P(
    'h6-npm-arborist-null-matches',
    'npm',
    "Exit code 1\nnpm ERR! Cannot read properties of null (reading 'matches')\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/dev/.npm/_logs/2025-02-11T09_44_12_031Z-debug-0.log",
    "Exit code 1\nnpm WARN old lockfile The package-lock.json file was created with an old version of npm\nnpm ERR! Cannot read properties of null (reading 'matches')\nnpm ERR! A complete log of this run can be found in: C:\\Users\\tom\\AppData\\Local\\npm-cache\\_logs\\2025-06-02T17_01_40_550Z-debug-0.log",
    'npm arborist choked on a broken tree: delete node_modules and package-lock.json, then npm install again',
  ),
  P(
    'h6-npm-enoworkspaces',
    'npm',
    'Exit code 1\nnpm ERR! code ENOWORKSPACES\nnpm ERR! This command does not support workspaces.\n\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /home/kai/.npm/_logs/2024-09-03T12_00_01_441Z-debug-0.log',
    'Exit code 1\nnpm error code ENOWORKSPACES\nnpm error This command does not support workspaces.\nnpm error A complete log of this run can be found in: /Users/mira/.npm/_logs/2026-10-30T08_12_55_120Z-debug-0.log',
    'a workspaces setting (npmrc workspace=/workspaces=true) is applied to a command that cannot use it: run it with --workspaces=false or remove that setting from .npmrc',
  ),
  // tsc
  P(
    'h6-ts6133-unused-local',
    'tsc',
    "Exit code 2\nsrc/routes/orders.ts(4,10): error TS6133: 'formatDate' is declared but its value is never read.\n\nFound 1 error in src/routes/orders.ts:4",
    "Exit code 2\nsrc/components/Table.tsx:17:9 - error TS6133: 'sorted' is declared but its value is never read.\n\n17   const sorted = useMemo(() => rows.slice().sort(cmp), [rows]);\n           ~~~~~~\n\nlib/db.ts:2:1 - error TS6133: 'Pool' is declared but its value is never read.\n\n2 import { Pool } from 'pg';\n  ~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 2 errors in 2 files.",
    'noUnusedLocals is on: delete the unused declaration/import (or prefix an intentionally unused parameter with _)',
  ),
  P(
    'h6-ts7030-not-all-paths',
    'tsc',
    'Exit code 2\nsrc/auth/guard.ts(12,10): error TS7030: Not all code paths return a value.',
    "Exit code 2\nsrc/utils/parse.ts:31:5 - error TS7030: Not all code paths return a value.\n\n31     if (token.kind === 'number') {\n       ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nFound 1 error in src/utils/parse.ts:31",
    'noImplicitReturns is on: add an explicit return (or throw) on the branch that falls off the end of the function',
  ),
  P(
    'h6-ts2614-default-vs-named',
    'tsc',
    "Exit code 2\nsrc/app.ts:3:10 - error TS2614: Module '\"express-rate-limit\"' has no exported member 'rateLimit'. Did you mean to use 'import rateLimit from \"express-rate-limit\"' instead?\n\n3 import { rateLimit } from 'express-rate-limit';\n           ~~~~~~~~~\n\nFound 1 error in src/app.ts:3",
    "Exit code 2\nsrc/server/log.ts(1,10): error TS2614: Module '\"./logger\"' has no exported member 'Logger'. Did you mean to use 'import Logger from \"./logger\"' instead?",
    'the module only has a default export: import it without braces (import X from ...), or add a named export to the module',
  ),
  P(
    'h6-ts18046-unknown-catch',
    'tsc',
    "Exit code 2\nsrc/jobs/sync.ts:44:19 - error TS18046: 'err' is of type 'unknown'.\n\n44     logger.error(err.message);\n                     ~~~\n\nFound 1 error in src/jobs/sync.ts:44",
    "Exit code 2\npackages/cli/src/index.ts(88,32): error TS18046: 'e' is of type 'unknown'.\npackages/cli/src/index.ts(90,11): error TS18046: 'e' is of type 'unknown'.",
    "catch variables are 'unknown' under strict (useUnknownInCatchVariables): narrow first (if (err instanceof Error) ...) before reading .message",
  ),
  P(
    'h6-ts2420-implements-missing',
    'tsc',
    "Exit code 2\nsrc/storage/s3.ts:9:14 - error TS2420: Class 'S3Store' incorrectly implements interface 'BlobStore'.\n  Property 'delete' is missing in type 'S3Store' but required in type 'BlobStore'.\n\n9 export class S3Store implements BlobStore {\n               ~~~~~~~\n\n  src/storage/types.ts:6:3\n    6   delete(key: string): Promise<void>;\n        ~~~~~~\n    'delete' is declared here.",
    "Exit code 2\nlib/cache/redis.ts(14,14): error TS2420: Class 'RedisCache' incorrectly implements interface 'Cache<string>'.\n  Type 'RedisCache' is missing the following properties from type 'Cache<string>': ttl, clear",
    'the class does not provide every member of the interface it implements: add the missing methods/properties named in the error with the declared signatures',
  ),
  P(
    'h6-ts2366-lacks-return',
    'tsc',
    "Exit code 2\nsrc/pricing.ts(20,42): error TS2366: Function lacks ending return statement and return type does not include 'undefined'.",
    "Exit code 2\nsrc/hooks/useTheme.ts:7:41 - error TS2366: Function lacks ending return statement and return type does not include 'undefined'.\n\n7 export function resolveTheme(name: Mode): Theme {\n                                          ~~~~~\n\nFound 1 error in src/hooks/useTheme.ts:7",
    "a code path ends without returning the declared type: add a final return/throw (e.g. a default branch), or add '| undefined' to the return type",
  ),
  // webpack / vite / next
  P(
    'h6-next-export-generate-static-params',
    'webpack',
    'Exit code 1\n   Creating an optimized production build ...\n ✓ Compiled successfully\n   Collecting page data  ..Error: Page "/blog/[slug]" is missing "generateStaticParams()" so it cannot be used with "output: export" config.\n    at /home/lea/site/node_modules/next/dist/build/index.js:1295:59\n\n> Build error occurred\nError: Failed to collect page data for /blog/[slug]',
    'Exit code 1\n▲ Next.js 15.1.2\n\n   Creating an optimized production build ...\nError: Page "/docs/[...path]" is missing "generateStaticParams()" so it cannot be used with "output: export" config.\n    at /workspace/docs-site/node_modules/next/dist/build/index.js:1360:63\n> Build error occurred\n[Error: Failed to collect page data for /docs/[...path]] { type: \'Error\' }',
    "a dynamic route cannot be statically exported without its params list: export generateStaticParams() from that page (or drop output: 'export')",
  ),
  P(
    'h6-webpack-html-plugin-template',
    'webpack',
    "Exit code 1\nERROR in   Error: Child compilation failed:\n  Module not found: Error: Can't resolve '/home/raj/app/src/index.html' in '/home/raj/app'\n  ModuleNotFoundError: Module not found: Error: Can't resolve '/home/raj/app/src/index.html' in '/home/raj/app'\n  \n  - compiler.js:135 \n    [app]/[html-webpack-plugin]/lib/compiler.js:135:11",
    "Exit code 1\nassets by status 1.2 MiB [cached] 3 assets\nERROR in   Error: Child compilation failed:\n  Module not found: Error: Can't resolve '/work/ui/public/template.html' in '/work/ui'\n  ModuleNotFoundError: Module not found: Error: Can't resolve '/work/ui/public/template.html' in '/work/ui'\n      at /work/ui/node_modules/webpack/lib/Compilation.js:2092:28\n  \n  - compiler.js:167 \n    [ui]/[html-webpack-plugin]/lib/compiler.js:167:11\n\nwebpack 5.91.0 compiled with 1 error in 2210 ms",
    "HtmlWebpackPlugin's template path does not exist: point the plugin's template option at the real HTML file (path.resolve(__dirname, ...))",
  ),
  P(
    'h6-webpack-dev-server-invalid-options-https',
    'webpack',
    "Exit code 2\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'https'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, ipc?, liveReload?, onListening?, open?, port?, proxy?, server?, setupExitSignals?, setupMiddlewares?, static?, watchFiles?, webSocketServer? }",
    "Exit code 2\n<i> [webpack-dev-server] Loopback: http://localhost:8081/\n[webpack-cli] Invalid options object. Dev Server has been initialized using an options object that does not match the API schema.\n - options has an unknown property 'https'. These properties are valid:\n   object { allowedHosts?, bonjour?, client?, compress?, devMiddleware?, headers?, historyApiFallback?, host?, hot?, http2?, ipc?, liveReload?, magicHtml?, onAfterSetupMiddleware?, open?, port?, proxy?, server?, static?, webSocketServer? }\n    at validate (/home/ci/build/node_modules/webpack-dev-server/node_modules/schema-utils/dist/validate.js:158:11)",
    "webpack-dev-server 5 removed devServer.https: use server: { type: 'https', options: { key, cert } } instead",
  ),
  // python / pip
  P(
    'h6-py-charmap-decode',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "C:\\Users\\olga\\tools\\import_csv.py", line 14, in <module>\n    for row in csv.reader(f):\n  File "C:\\Python311\\Lib\\encodings\\cp1252.py", line 23, in decode\n    return codecs.charmap_decode(input,self.errors,decoding_table)[0]\n           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\nUnicodeDecodeError: \'charmap\' codec can\'t decode byte 0x9d in position 2841: character maps to <undefined>',
    'Exit code 1\nTraceback (most recent call last):\n  File "D:\\work\\scraper\\load.py", line 52, in load_pages\n    text = path.read_text()\n  File "C:\\Program Files\\Python312\\Lib\\pathlib.py", line 1027, in read_text\n    return f.read()\n  File "C:\\Program Files\\Python312\\Lib\\encodings\\cp1252.py", line 23, in decode\n    return codecs.charmap_decode(input,self.errors,decoding_table)[0]\nUnicodeDecodeError: \'charmap\' codec can\'t decode byte 0x81 in position 117: character maps to <undefined>',
    "Windows opens text files as cp1252 by default: pass encoding='utf-8' to open()/read_text() (or set PYTHONUTF8=1)",
  ),
  P(
    'h6-py-collections-abc',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/ray/legacy/run.py", line 3, in <module>\n    from lib.config import Settings\n  File "/home/ray/legacy/lib/config.py", line 9, in <module>\n    class Settings(collections.MutableMapping):\nAttributeError: module \'collections\' has no attribute \'MutableMapping\'',
    'Exit code 1\nTraceback (most recent call last):\n  File "/opt/svc/venv/lib/python3.11/site-packages/attrdict/__init__.py", line 5, in <module>\n    from attrdict.mapping import AttrMap\n  File "/opt/svc/venv/lib/python3.11/site-packages/attrdict/mapping.py", line 4, in <module>\n    from collections import Mapping\nImportError: cannot import name \'Mapping\' from \'collections\' (/usr/lib/python3.11/collections/__init__.py)',
    'the ABCs left the collections module in Python 3.10: import them from collections.abc (or upgrade/replace the old library doing the import)',
  ),
  P(
    'h6-py-matplotlib-no-display',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/ci/report/plot.py", line 21, in <module>\n    fig = plt.figure(figsize=(8, 4))\n  File "/usr/lib/python3/dist-packages/matplotlib/pyplot.py", line 693, in figure\n    figManager = new_figure_manager(num, figsize=figsize,\n  File "/usr/lib/python3.8/tkinter/__init__.py", line 2270, in __init__\n    self.tk = _tkinter.create(screenName, baseName, className, interactive, wantobjects, useTk, sync, use)\n_tkinter.TclError: no display name and no $DISPLAY environment variable',
    'Exit code 1\nTraceback (most recent call last):\n  File "/srv/jobs/weekly_chart.py", line 40, in main\n    plt.subplots(2, 1)\n  File "/srv/jobs/.venv/lib/python3.12/site-packages/matplotlib/pyplot.py", line 1759, in subplots\n    fig = figure(**fig_kw)\n  File "/usr/local/lib/python3.12/tkinter/__init__.py", line 2346, in __init__\n    self.tk = _tkinter.create(screenName, baseName, className, interactive, wantobjects, useTk, sync, use)\n_tkinter.TclError: couldn\'t connect to display "localhost:10.0"',
    "matplotlib picked the Tk GUI backend on a headless machine: use the non-GUI backend (MPLBACKEND=Agg, or matplotlib.use('Agg') before importing pyplot)",
  ),
  P(
    'h6-py-dtype-size-changed',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/zoe/nb/train.py", line 2, in <module>\n    import pandas as pd\n  File "/home/zoe/nb/.venv/lib/python3.10/site-packages/pandas/__init__.py", line 22, in <module>\n    from pandas.compat import is_numpy_dev as _is_numpy_dev  # pyright: ignore # noqa:F401\n  File "pandas/_libs/interval.pyx", line 1, in init pandas._libs.interval\nValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject',
    'Exit code 1\nTraceback (most recent call last):\n  File "/app/main.py", line 5, in <module>\n    from sklearn.ensemble import RandomForestClassifier\n  File "sklearn/utils/murmurhash.pyx", line 1, in init sklearn.utils.murmurhash\nValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject',
    'a compiled package was built against a different numpy than the one installed: pin numpy to the major version it was built for (e.g. numpy<2) or reinstall the package built for the installed numpy',
  ),
  P(
    'h6-conda-init-before-activate',
    'python',
    "Exit code 1\n\nCommandNotFoundError: Your shell has not been properly configured to use 'conda activate'.\nTo initialize your shell, run\n\n    $ conda init <SHELL_NAME>\n\nCurrently supported shells are:\n  - bash\n  - fish\n  - tcsh\n  - xonsh\n  - zsh\n  - powershell\n\nSee 'conda init --help' for more information and options.\n\nIMPORTANT: You may need to close and restart your shell after running 'conda init'.",
    "Exit code 1\nCondaError: Run 'conda init' before 'conda activate'",
    'the non-interactive shell has no conda shell hook: run eval "$(conda shell.bash hook)" first (or conda run -n <env> <cmd>) instead of conda activate',
  ),
  P(
    'h6-pydantic-v2-regex-pattern',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/max/api/app/schemas.py", line 11, in <module>\n    class Signup(BaseModel):\n  File "/home/max/api/app/schemas.py", line 12, in Signup\n    username: str = Field(..., regex=r"^[a-z0-9_]{3,20}$")\n  File "/home/max/api/.venv/lib/python3.11/site-packages/pydantic/fields.py", line 757, in Field\n    raise PydanticUserError(\'`regex` is removed. use `pattern` instead\', code=\'removed-kwargs\')\npydantic.errors.PydanticUserError: `regex` is removed. use `pattern` instead\n\nFor further information visit https://errors.pydantic.dev/2.5/u/removed-kwargs',
    'Exit code 1\n  File "/srv/billing/models/invoice.py", line 30, in Invoice\n    number: constr(regex=r\'^INV-\\d{6}$\')\n  File "/srv/billing/venv/lib/python3.12/site-packages/pydantic/types.py", line 770, in constr\npydantic.errors.PydanticUserError: `regex` is removed. use `pattern` instead\n\nFor further information visit https://errors.pydantic.dev/2.9/u/removed-kwargs',
    'Pydantic v2 renamed regex= to pattern= in Field()/constr(): replace regex= with pattern=',
  ),
  P(
    'h6-sqlalchemy2-text',
    'python',
    'Exit code 1\nTraceback (most recent call last):\n  File "/home/ann/etl/check.py", line 9, in <module>\n    conn.execute("SELECT 1")\n  File "/home/ann/etl/.venv/lib/python3.11/site-packages/sqlalchemy/engine/base.py", line 1412, in execute\n    raise exc.ObjectNotExecutableError(statement) from err\nsqlalchemy.exc.ObjectNotExecutableError: Not an executable object: \'SELECT 1\'',
    'Exit code 1\nTraceback (most recent call last):\n  File "/app/migrate_data.py", line 77, in copy_rows\n    rows = session.execute("select id, email from users where active").all()\n  File "/usr/local/lib/python3.12/site-packages/sqlalchemy/orm/session.py", line 2351, in execute\nsqlalchemy.exc.ArgumentError: Textual SQL expression \'select id, email from users where active\' should be explicitly declared as text(\'select id, email from users where active\')',
    'SQLAlchemy 2.0 no longer runs plain strings: wrap raw SQL in sqlalchemy.text(...) before execute()',
  ),
  // pytest
  P(
    'h6-pytest-magicmock-await',
    'pytest',
    "Exit code 1\n____________________________ test_fetch_user ____________________________\n\nmock_client = <MagicMock name='client' id='140331'>\n\n    async def test_fetch_user(mock_client):\n>       user = await service.fetch_user(42)\n\ntests/test_service.py:18: \n_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \napp/service.py:11: in fetch_user\n    resp = await self.client.get(f\"/users/{uid}\")\nE   TypeError: object MagicMock can't be used in 'await' expression\n=========================== short test summary info ===========================\nFAILED tests/test_service.py::test_fetch_user - TypeError: object MagicMock can't be used in 'await' expression",
    "Exit code 1\nFAILED tests/unit/test_notifier.py::TestNotifier::test_sends - TypeError: object MagicMock can't be used in 'await' expression\nFAILED tests/unit/test_notifier.py::TestNotifier::test_retries - TypeError: object MagicMock can't be used in 'await' expression\n2 failed, 57 passed in 3.81s",
    'the patched coroutine is a plain MagicMock: patch it with AsyncMock (patch(..., new_callable=AsyncMock)) so awaiting it works',
  ),
  P(
    'h6-pytest-django-sync-only',
    'pytest',
    'Exit code 1\nE   django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.\n\n.venv/lib/python3.11/site-packages/django/utils/asyncio.py:24: SynchronousOnlyOperation\n=========================== short test summary info ============================\nFAILED shop/tests/test_async_views.py::test_cart_total - django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.',
    'Exit code 1\n    async def test_list(self):\n>       items = list(Item.objects.filter(owner=self.user))\n\napi/tests/test_items.py:40: \n/usr/local/lib/python3.12/site-packages/django/db/backends/base/base.py:271: in connect\n    self.check_settings()\nE   django.core.exceptions.SynchronousOnlyOperation: You cannot call this from an async context - use a thread or sync_to_async.\n1 failed, 12 passed in 2.10s',
    'the ORM is called synchronously inside async code: use the async ORM methods (aget/afilter iteration) or wrap the call in sync_to_async',
  ),
  P(
    'h6-pytest-xpass-strict',
    'pytest',
    'Exit code 1\n=================================== FAILURES ===================================\n____________________________ test_unicode_slug _____________________________\n[XPASS(strict)] slug breaks on unicode (#211)\n=========================== short test summary info ============================\nFAILED tests/test_slug.py::test_unicode_slug\n1 failed, 40 passed in 0.55s',
    'Exit code 1\nFAILED tests/parsers/test_dates.py::test_iso_week - [XPASS(strict)] known bug in week parsing\n1 failed, 118 passed, 3 xfailed in 4.02s',
    'a test marked xfail(strict=True) now passes: remove the xfail marker (the bug it tracked is fixed)',
  ),
  P(
    'h6-pytest-parametrize-no-argument',
    'pytest',
    "Exit code 2\n==================================== ERRORS ====================================\n___________________ ERROR collecting tests/test_math.py ___________________\nIn test_add: function uses no argument 'expected'\n=========================== short test summary info ============================\nERROR tests/test_math.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!",
    "Exit code 2\n_____________ ERROR collecting tests/api/test_validation.py ______________\nIn test_rejects_bad_email: function uses no argument 'reason'\nERROR tests/api/test_validation.py\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!\n1 error in 0.91s",
    'the names in @pytest.mark.parametrize must all be parameters of the test function: add the missing parameter to the def (or drop it from the parametrize names)',
  ),
  P(
    'h6-pytest-hypothesis-too-slow',
    'pytest',
    "Exit code 1\nE   hypothesis.errors.FailedHealthCheck: Data generation is extremely slow: Only produced 7 valid examples in 1.17 seconds (0 invalid ones and 3 exceeded maximum size). Try decreasing size of the data you're generating (with e.g. max_size or max_leaves parameters).\nE   See https://hypothesis.readthedocs.io/en/latest/healthchecks.html for more information about this. If you want to disable just this health check, add HealthCheck.too_slow to the suppress_health_check settings for this test.\nFAILED tests/test_tree.py::test_roundtrip - hypothesis.errors.FailedHealthCheck",
    "Exit code 1\nFAILED tests/prop/test_codec.py::test_encode_decode - hypothesis.errors.FailedHealthCheck: Data generation is extremely slow: Only produced 4 valid examples in 1.52 seconds (12 invalid ones and 0 exceeded maximum size). Try decreasing size of the data you're generating (with e.g. max_size or max_leaves parameters).\n1 failed, 63 passed in 9.74s",
    'hypothesis strategies are too slow to generate: bound them (max_size=..., fewer filters) or add HealthCheck.too_slow to suppress_health_check in @settings',
  ),
  // go
  P(
    'h6-go-found-packages',
    'go',
    'Exit code 1\nfound packages main (main.go) and helpers (helpers.go) in /home/dan/tools/cleanup',
    'Exit code 1\ngo: downloading github.com/spf13/cobra v1.8.0\ncmd/server/routes.go:1:1: found packages server (routes.go) and main (main.go) in /Users/kim/src/github.com/kim/shop/cmd/server',
    'every .go file in one directory must declare the same package: fix the package clause of the odd file (or move it to its own directory)',
  ),
  P(
    'h6-go-internal-package',
    'go',
    'Exit code 1\nmain.go:7:2: use of internal package github.com/acme/platform/internal/auth not allowed',
    'Exit code 1\ngo: finding module for package github.com/hashicorp/vault/sdk/internal/utils\npkg/secrets/client.go:12:2: use of internal package github.com/hashicorp/vault/sdk/internal/utils not allowed',
    "packages under an internal/ directory can only be imported from inside the tree rooted at its parent: use the module's public API instead (or move the code out of internal/ if it is your own)",
  ),
  P(
    'h6-go-private-module-prompt',
    'go',
    "Exit code 1\ngo: github.com/acme/billing-sdk@v0.4.2: verifying module: github.com/acme/billing-sdk@v0.4.2: reading https://sum.golang.org/lookup/github.com/acme/billing-sdk@v0.4.2: 404 Not Found\n\tserver response:\n\tnot found: github.com/acme/billing-sdk@v0.4.2: invalid version: git ls-remote -q origin in /tmp/gopath/pkg/mod/cache/vcs/6c1f...: exit status 128:\n\t\tfatal: could not read Username for 'https://github.com': terminal prompts disabled",
    'Exit code 1\ngo: downloading gitlab.example.com/infra/shared v1.9.0\ngo: gitlab.example.com/infra/shared@v1.9.0: reading https://proxy.golang.org/gitlab.example.com/infra/shared/@v/v1.9.0.mod: 404 Not Found\n\tserver response:\n\tnot found: gitlab.example.com/infra/shared@v1.9.0: unrecognized import path "gitlab.example.com/infra/shared": https fetch: Get "https://gitlab.example.com/infra/shared?go-get=1": dial tcp: lookup gitlab.example.com: no such host',
    'a private module is being fetched through the public proxy/sum DB: set GOPRIVATE=<your host or org> (and git credentials for it) so go fetches it directly',
  ),
  P(
    'h6-go-errcheck',
    'go',
    'Exit code 1\ninternal/store/file.go:41:13: Error return value of `f.Close` is not checked (errcheck)\n\tdefer f.Close()\n\t           ^\n1 issues:\n* errcheck: 1',
    'Exit code 1\nlevel=warning msg="[config_reader] The configuration option `run.skip-dirs` is deprecated"\ncmd/api/main.go:88:17: Error return value of `srv.Shutdown` is not checked (errcheck)\n\tsrv.Shutdown(ctx)\n\t           ^\npkg/mail/smtp.go:23:12: Error return value of `w.Write` is not checked (errcheck)\n\tw.Write(body)\n\t       ^\n2 issues:\n* errcheck: 2',
    'golangci-lint errcheck: handle the returned error (if err := x(); err != nil {...}) or explicitly discard it with _ =',
  ),
  P(
    'h6-go-assign-map-struct-field',
    'go',
    'Exit code 1\n# example.com/inventory/internal/stock\ninternal/stock/stock.go:27:3: cannot assign to struct field s.items[sku].Qty in map',
    'Exit code 1\n# github.com/lena/gamesrv/world\nworld/players.go:54:2: cannot assign to struct field w.players[id].Score in map\nworld/players.go:61:2: cannot assign to struct field w.players[id].LastSeen in map',
    'map values are not addressable: copy the struct out, modify it and store it back (v := m[k]; v.F = x; m[k] = v), or keep pointers in the map',
  ),
  P(
    'h6-go-mismatched-int-types',
    'go',
    'Exit code 1\n# example.com/metrics\n./agg.go:19:16: invalid operation: total + n (mismatched types int64 and int)',
    'Exit code 1\n# github.com/ops/quota/limiter\nlimiter/bucket.go:44:21: invalid operation: b.tokens * rate (mismatched types float64 and int)\nlimiter/bucket.go:52:9: invalid operation: elapsed > b.window (mismatched types time.Duration and int64)',
    'Go never converts numeric types implicitly: convert one operand explicitly (int64(n), float64(x), time.Duration(v)) so both sides have the same type',
  ),
  P(
    'h6-go-loopvar-goroutine-vet',
    'go',
    'Exit code 1\n# example.com/crawler\n./crawl.go:33:17: loop variable u captured by func literal',
    'Exit code 1\n# github.com/team/batch/worker\nworker/pool.go:71:22: loop variable job captured by func literal\nworker/pool.go:72:10: loop variable job captured by func literal',
    'go vet loopclosure (Go < 1.22): shadow the variable inside the loop (job := job) or pass it as an argument to the goroutine/closure (or set go 1.22 in go.mod)',
  ),
  // cargo / rust
  P(
    'h6-rust-e0412-hashmap',
    'cargo',
    'Exit code 101\n   Compiling wordcount v0.1.0 (/home/eve/wordcount)\nerror[E0412]: cannot find type `HashMap` in this scope\n --> src/main.rs:4:16\n  |\n4 | fn count(s: &str) -> HashMap<String, usize> {\n  |                      ^^^^^^^ not found in this scope\n  |\nhelp: consider importing this struct\n  |\n1 + use std::collections::HashMap;\n  |\n\nFor more information about this error, try `rustc --explain E0412`.\nerror: could not compile `wordcount` (bin "wordcount") due to 1 previous error',
    'Exit code 101\n   Compiling cache v0.3.1 (/Users/ola/work/cache)\nerror[E0412]: cannot find type `HashMap` in this scope\n  --> src/lru.rs:12:12\n   |\n12 |     index: HashMap<K, usize>,\n   |            ^^^^^^^ not found in this scope\n   |\nhelp: consider importing one of these items\n   |\n1  + use std::collections::HashMap;\n   |\n1  + use hashbrown::HashMap;\n   |\nerror: could not compile `cache` (lib) due to 1 previous error',
    'add use std::collections::HashMap; at the top of the module',
  ),
  P(
    'h6-rust-e0063-missing-field',
    'cargo',
    'Exit code 101\nerror[E0063]: missing field `created_at` in initializer of `User`\n  --> src/db/users.rs:48:9\n   |\n48 |         User {\n   |         ^^^^ missing `created_at`\n\nerror: could not compile `api` (lib) due to 1 previous error',
    'Exit code 101\n   Compiling render v0.9.0 (/work/render)\nerror[E0063]: missing fields `samples` and `tone_map` in initializer of `Config`\n   --> src/cli.rs:102:5\n    |\n102 |     Config {\n    |     ^^^^^^ missing `samples` and `tone_map`\n\nFor more information about this error, try `rustc --explain E0063`.\nerror: could not compile `render` (bin "render") due to 1 previous error',
    'a struct literal must set every field: add the missing fields named in the error, or finish with ..Default::default() if the struct implements Default',
  ),
  P(
    'h6-cargo-no-manifest',
    'cargo',
    'Exit code 101\nerror: could not find `Cargo.toml` in `/home/ivan/projects` or any parent directory',
    'Exit code 101\nerror: could not find `Cargo.toml` in `C:\\Users\\amy\\Desktop\\rust-book` or any parent directory',
    'cargo was run outside the crate: cd into the directory that contains Cargo.toml (or pass --manifest-path path/to/Cargo.toml)',
  ),
  P(
    'h6-rust-e0117-orphan',
    'cargo',
    "Exit code 101\nerror[E0117]: only traits defined in the current crate can be implemented for types defined outside of the crate\n --> src/fmt.rs:5:1\n  |\n5 | impl fmt::Display for Vec<Point> {\n  | ^^^^^^^^^^^^^^^^^^^^^^----------\n  | |                     |\n  | |                     `Vec` is not defined in the current crate\n  | impl doesn't use only types from inside the current crate\n  |\n  = note: define and implement a trait or new type instead\n\nerror: could not compile `geo` (lib) due to 1 previous error",
    'Exit code 101\nerror[E0117]: only traits defined in the current crate can be implemented for types defined outside of the crate\n  --> src/convert.rs:21:1\n   |\n21 | impl From<chrono::NaiveDate> for String {\n   | ^^^^^-----------------------^^^^^------\n   |      |                           |\n   |      |                           `String` is not defined in the current crate\n   |      `NaiveDate` is not defined in the current crate\n   = note: define and implement a trait or new type instead',
    'orphan rule: wrap the foreign type in a local newtype (struct Wrapper(T)) and implement the trait for the wrapper, or use a local trait',
  ),
  P(
    'h6-rust-e0728-await-outside-async',
    'cargo',
    'Exit code 101\nerror[E0728]: `await` is only allowed inside `async` functions and blocks\n  --> src/main.rs:9:38\n   |\n8  | fn main() {\n   | --------- this is not `async`\n9  |     let body = reqwest::get(url).await?.text().await?;\n   |                                      ^^^^^ only allowed inside `async` functions and blocks',
    'Exit code 101\n   Compiling bot v0.2.0 (/srv/bot)\nerror[E0728]: `await` is only allowed inside `async` functions and blocks\n   --> src/handlers.rs:57:41\n    |\n55  | pub fn on_message(ctx: &Context, msg: Message) {\n    | ---------------------------------------------- this is not `async`\n56  |     let reply = build_reply(&msg);\n57  |     ctx.send(reply).await.unwrap();\n    |                     ^^^^^ only allowed inside `async` functions and blocks\nerror: could not compile `bot` (bin "bot") due to 1 previous error',
    'make the enclosing function async (for main: #[tokio::main] async fn main) or run the future with a runtime block_on',
  ),
  P(
    'h6-cargo-no-bin-target',
    'cargo',
    'Exit code 101\nerror: no bin target named `server`.\nAvailable bin targets:\n    api\n    migrate',
    'Exit code 101\nerror: no bin target named `cli` in default-run packages\nhelp: available bin targets:\n    tool\n    bench-runner',
    'cargo run --bin must name an existing binary target: use one of the listed names (or add a [[bin]] / src/bin/<name>.rs for it)',
  ),
  // git
  P(
    'h6-git-push-checked-out-branch',
    'git',
    "Exit code 1\nremote: error: refusing to update checked out branch: refs/heads/main\nremote: error: By default, updating the current branch in a non-bare repository\nremote: is denied, because it will make the index and work tree inconsistent\nremote: with what you pushed, and will require 'git reset --hard' to match\nremote: the work tree to HEAD.\nTo /srv/git/site\n ! [remote rejected] main -> main (branch is currently checked out)\nerror: failed to push some refs to '/srv/git/site'",
    "Exit code 1\nremote: error: refusing to update checked out branch: refs/heads/master\nremote: error: By default, updating the current branch in a non-bare repository\nremote: is denied, because it will make the index and work tree inconsistent\nTo ssh://deploy@10.0.4.12/home/deploy/app\n ! [remote rejected] master -> master (branch is currently checked out)\nerror: failed to push some refs to 'ssh://deploy@10.0.4.12/home/deploy/app'",
    'the remote is a non-bare repo with that branch checked out: push to a bare repository, or set git config receive.denyCurrentBranch updateInstead on the remote',
  ),
  P(
    'h6-git-am-patch-does-not-apply',
    'git',
    'Exit code 128\nApplying: Fix race in cache eviction\nerror: patch failed: src/cache.c:212\nerror: src/cache.c: patch does not apply\nPatch failed at 0001 Fix race in cache eviction\nhint: Use \'git am --show-current-patch=diff\' to see the failed patch\nWhen you have resolved this problem, run "git am --continue".\nIf you prefer to skip this patch, run "git am --skip" instead.\nTo restore the original branch and stop patching, run "git am --abort".',
    'Exit code 128\nApplying: docs: update install steps\nApplying: build: bump zlib to 1.3.1\nerror: patch failed: cmake/deps.cmake:40\nerror: cmake/deps.cmake: patch does not apply\nPatch failed at 0002 build: bump zlib to 1.3.1\nhint: Use \'git am --show-current-patch=diff\' to see the failed patch\nhint: When you have resolved this problem, run "git am --continue".',
    "the patch's context does not match the tree: retry with git am -3 (three-way merge), fix the conflicts and git am --continue (or git am --abort)",
  ),
  P(
    'h6-git-sparse-checkout-outside',
    'git',
    'Exit code 1\nThe following paths and/or pathspecs matched paths that exist\noutside of your sparse-checkout definition, so will not be\nupdated in the index:\ndocs/architecture.md\nhint: If you intend to update such entries, try one of the following:\nhint: * Use the --sparse option.\nhint: * Disable or modify the sparsity rules.\nhint: Disable this message with "git config advice.updateSparsePath false"',
    'Exit code 1\nThe following paths and/or pathspecs matched paths that exist\noutside of your sparse-checkout definition, so will not be\nupdated in the index:\nservices/billing/Makefile\nservices/billing/go.mod\nhint: If you intend to update such entries, try one of the following:\nhint: * Use the --sparse option.\nhint: * Disable or modify the sparsity rules.',
    'the path is outside the sparse-checkout cone: git sparse-checkout add <dir> first (or git add --sparse)',
  ),
  P(
    'h6-git-bisect-bad-good',
    'git',
    'Exit code 1\nSome good revs are not ancestors of the bad rev.\ngit bisect cannot work properly in this case.\nMaybe you mistook good and bad revs?',
    'Exit code 1\nstatus: waiting for good commit(s), bad commit known\nSome good revs are not ancestors of the bad rev.\ngit bisect cannot work properly in this case.\nMaybe you mistook good and bad revs?',
    'good and bad are swapped (or on unrelated branches): git bisect reset and start again with the older working commit as good and the newer broken one as bad',
  ),
  P(
    'h6-git-filter-repo-fresh-clone',
    'git',
    'Exit code 1\nAborting: Refusing to destructively overwrite repo history since\nthis does not look like a fresh clone.\n  (expected freshly packed repo)\nPlease operate on a fresh clone instead.  If you want to proceed\nanyway, use --force.',
    'Exit code 1\nAborting: Refusing to destructively overwrite repo history since\nthis does not look like a fresh clone.\n  (you have untracked changes)\nPlease operate on a fresh clone instead.  If you want to proceed\nanyway, use --force.',
    'git filter-repo only rewrites fresh clones: run it in a new git clone --no-local of the repo (or pass --force if you accept the risk)',
  ),
  P(
    'h6-git-commit-empty-message',
    'git',
    "Exit code 1\nhint: Waiting for your editor to close the file... error: There was a problem with the editor 'vi'.\nPlease supply the message using either -m or -F option.",
    "Exit code 1\nerror: cannot run code: No such file or directory\nerror: unable to start editor 'code --wait'\nPlease supply the message using either -m or -F option.",
    'no usable editor in this non-interactive shell: pass the message with git commit -m "..." (or -F file)',
  ),
  P(
    'h6-git-safe-crlf',
    'git',
    'Exit code 128\nfatal: LF would be replaced by CRLF in scripts/deploy.sh',
    "Exit code 128\nwarning: in the working copy of 'src/main.c', LF will be replaced by CRLF the next time Git touches it\nfatal: CRLF would be replaced by LF in config/app.ini",
    'core.safecrlf=true rejects the line-ending conversion: normalise the file line endings (or set core.autocrlf/.gitattributes eol consistently, or core.safecrlf=warn)',
  ),
  // ssl / network / ssh
  P(
    'h6-curl-26-form-file',
    'ssl',
    'Exit code 26\ncurl: (26) Failed to open/read local data from file/application',
    'Exit code 26\n  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\ncurl: (26) Failed to open/read local data from file/application',
    'the file given to -F/--data @file does not exist from the current directory: fix the path after the @ (absolute path or cd first)',
  ),
  P(
    'h6-ssh-agent-refused',
    'ssl',
    'Exit code 255\nsign_and_send_pubkey: signing failed for RSA "/home/nina/.ssh/id_rsa" from agent: agent refused operation\ngit@github.com: Permission denied (publickey).',
    'Exit code 255\nsign_and_send_pubkey: signing failed for ED25519 "ci@buildbox" from agent: agent refused operation\ndeploy@203.0.113.40: Permission denied (publickey).',
    'the ssh-agent holds the key but cannot use it (locked/expired or wrong permissions): re-add it with ssh-add <key> after chmod 600 on the key file',
  ),
  P(
    'h6-ssh-too-many-auth-failures',
    'ssl',
    'Exit code 255\nReceived disconnect from 192.168.1.20 port 22:2: Too many authentication failures\nDisconnected from 192.168.1.20 port 22',
    "Exit code 255\nwarning: Permanently added 'build01.internal' (ED25519) to the list of known hosts.\nReceived disconnect from 10.20.0.7 port 2222:2: Too many authentication failures\nDisconnected from authenticating user ops 10.20.0.7 port 2222",
    'the agent offers too many keys before the right one: pass the key with -i <key> -o IdentitiesOnly=yes (or set IdentitiesOnly yes for that Host in ~/.ssh/config)',
  ),
  P(
    'h6-wget-le-old-root',
    'ssl',
    "Exit code 5\n--2021-10-01 08:12:41--  https://get.example.org/install.sh\nResolving get.example.org... 104.21.3.9\nConnecting to get.example.org|104.21.3.9|:443... connected.\nERROR: cannot verify get.example.org's certificate, issued by 'CN=R3,O=Let\\'s Encrypt,C=US':\n  Issued certificate has expired.\nTo connect to get.example.org insecurely, use `--no-check-certificate'.",
    "Exit code 5\n--2022-03-14 15:40:02--  https://downloads.acme.dev/cli/latest.tar.gz\nConnecting to downloads.acme.dev (downloads.acme.dev)|185.199.1.5|:443... connected.\nERROR: cannot verify downloads.acme.dev's certificate, issued by ‘CN=R3,O=Let's Encrypt,C=US’:\n  Issued certificate has expired.\nTo connect to downloads.acme.dev insecurely, use `--no-check-certificate'.",
    "the old system trusts the expired DST Root CA X3 chain for Let's Encrypt: update ca-certificates (and openssl) so ISRG Root X1 is used",
  ),
];

export const HOLDOUT5_UNRELATED: string[] = [];
