// Written by bench/fit-matcher.mjs: in how many of 5249 ordinary errors (synthetic and
// tuning texts) each common word occurs. Do not edit.
export const BACKGROUND_DOCS = 5249;
export const BACKGROUND =
  'error:2113 not:1595 in:1051 is:942 no:838 for:736 to:700 from:608 failed:584 cannot:567 type:507 ' +
  'module:503 find:474 missing:466 of:456 the:454 found:440 err:321 on:311 does:310 such:295 npm:292 ' +
  'fatal:292 has:291 file:288 response:271 package:262 daemon:260 out:255 exist:254 command:254 ' +
  'runtime:249 or:247 java:245 container:240 object:240 resolve:234 panic:232 lang:230 range:225 ' +
  'property:224 script:223 uncaught:222 function:212 named:210 illegalstateexception:206 attribute:206 ' +
  'typeerror:203 defined:199 keyerror:196 at:193 remote:191 attributeerror:191 modulenotfounderror:190 ' +
  'referenceerror:185 with:185 couldn:179 be:177 this:173 could:172 ref:169 e0412:168 and:142 you:141 ' +
  'an:133 by:124 directory:119 call:117 code:116 use:112 invalid:104 it:103 are:94 version:93 most:93 ' +
  'but:93 recent:92 unable:90 last:88 traceback:86 server:86 build:85 your:82 can:78 https:76 test:71 ' +
  'value:71 was:71 exception:69 name:67 com:67 run:66 key:65 import:63 project:62 as:62 api:61 read:60 ' +
  'that:60 line:59 already:57 when:57 internal:57 node:56 expected:55 using:55 only:55 have:54 path:54 ' +
  'because:53 try:53 denied:51 required:50 create:49 current:48 allowed:48 get:47 must:47 while:47 ' +
  'available:47 undefined:46 permission:46 host:46 database:46 did:45 port:45 warning:45 string:45 ' +
  'curl:44 go:44 been:44 may:43 install:43 user:43 add:41 class:41 option:41 connection:40 main:40 ' +
  'target:40 id:40 unknown:39 exit:39 connect:39 org:39 please:39 exists:39 used:38 if:38 default:38 ' +
  'set:38 errors:38 some:37 plugin:37 variable:37 repository:36 json:36 certificate:36 which:35 see:35 ' +
  'match:35 all:35 open:34 unexpected:34 start:34 process:34 thread:34 status:34 argument:34 method:34 ' +
  'config:34 source:33 requires:33 cmake:33 packages:33 files:32 acme:32 operation:32 failure:32 ' +
  'more:32 non:32 specified:32 unsupported:31 git:31 caused:31 running:31 github:31 too:31 imported:30 ' +
  'lock:30 following:30 ssl:30 field:30 dependencies:30 data:30 task:30 http:29 parse:29 syntax:29 ' +
  'need:29 due:29 new:28 configured:28 reference:28 system:28 its:27 push:27 solve:27 write:27 ' +
  'exceeded:27 update:27 index:27 valid:27 load:27 extension:26 any:26 local:26 app:26 request:26 ' +
  'make:26 matching:26 vite:25 installed:25 webpack:25 configuration:25 txt:25 during:25 dependency:24 ' +
  'select:24 supported:24 example:24 application:24 token:24 usage:24 there:24 constraint:24 ' +
  'versions:23 conflict:23 access:23 before:23 text:23 detected:23 namespace:23 size:22 parameter:22 ' +
  'stack:22 url:22 column:22 arguments:22 io:22 context:22 so:22 specify:22 core:21 require:21 ' +
  'properties:21 authentication:21 scope:21 net:21 bad:21 shop:21 modules:21 were:21 one:21 ' +
  'syntaxerror:20 statement:20 resource:20 branch:20 execute:20 manifest:20 input:20 instead:20 exec:20 ' +
  'service:20 occurred:20 sql:20 either:19 exceptions:19 compiler:19 first:19 compile:19 release:19 ' +
  'returned:19 will:19 again:19 verify:19 mysql:19 limit:18 environment:18 refs:18 list:18 after:18 ' +
  'cmakelists:18 int:18 maximum:18 tool:18 options:18 microsoft:18 expression:18 instance:18 null:17 ' +
  'importerror:17 parent:17 changes:17 problem:17 gem:17 dev:17 timeout:17 schema:17 goal:17 raise:17 ' +
  'declared:17 matches:17 table:17 compiled:17 passed:17 different:17 illuminate:17 creating:17 got:16 ' +
  'fetch:16 requested:16 client:16 support:16 initialized:16 sqlite3:16 mean:16 end:16 js:16 these:16 ' +
  'called:16 total:16 provided:16 activerecord:16 info:16 being:16 same:16 dir:16 detail:16 ' +
  'execution:16 near:15 password:15 successfully:15 docker:15 device:15 message:15 routines:15 wrong:15 ' +
  'operationalerror:15 cache:15 return:15 many:15 help:15 hint:15 values:15 runtimeerror:15 ' +
  'information:15 hy000:15 known:15 provider:15 than:15 image:15 kado:14 address:14 long:14 cli:14 ' +
  'requests:14 stop:14 compilation:14 include:14 trying:14 contain:14 flag:14 given:14 python:14 ' +
  'assertionerror:14 do:14 enabled:14 block:14 up:14 edit:14 executable:14 struct:14 duplicate:14 ' +
  'unhandled:14 syscall:13 refused:13 group:13 received:13 max:13 working:13 ld:13 where:13 pytest:13 ' +
  'entry:13 map:13 into:13 symbol:13 platform:13 setting:13 security:13 network:13 pg:13 unique:13 ' +
  'over:13 vopa:12 toha:12 date:12 reading:12 outside:12 memory:12 fixture:12 types:12 remove:12 ' +
  'pull:12 currently:12 sdk:12 maven:12 export:12 esm:12 change:12 commonjs:12 panicked:12 email:12 ' +
  'orders:12 format:12 declaration:12 const:12 linux:12 suite:12 paths:12 consider:12 private:12 oci:12 ' +
  'program:12 ghc:12 daka:11 implicitly:11 login:11 complete:11 number:11 apache:11 feature:11 ' +
  'collect2:11 likely:11 character:11 users:11 bind:11 gradle:11 re:11 without:11 assets:11 check:11 ' +
  'want:11 determine:11 driver:11 generated:11 doesn:11 shared:11 std:11 illegal:11 seconds:11 ' +
  'android:11 ensure:11 zene:10 kiha:10 tolu:10 suri:10 tree:10 incompatible:10 requirement:10 none:10 ' +
  'merge:10 result:10 would:10 checkout:10 socket:10 tried:10 starting:10 ms:10 timed:10 retries:10 ' +
  'openssl:10 tls:10 definition:10 es:10 dynamic:10 bin:10 mod:10 locked:10 issue:10 parsing:10 ' +
  'forbidden:10 contains:10 empty:10 top:10 loop:10 unrecognized:10 mismatch:10 async:10 django:10 ' +
  'latest:10 unexpectedly:10 metadata:10 library:10 encountered:10 should:10 appear:10 disabled:10 ' +
  'role:10 link:10 problems:10 base:10 bash:10 previous:10 time:10 kubelet:10 kind:10 another:10 mix:10 ' +
  'mope:9 kiri:9 volu:9 dapa:9 losu:9 gudo:9 rifi:9 supa:9 pemo:9 registry:9 corresponding:9 ' +
  'declarations:9 space:9 hook:9 created:9 constant:9 plugins:9 nil:9 scoped:9 session:9 publickey:9 ' +
  'multiple:9 requirements:9 public:9 web:9 makefile:9 db:9 loaderror:9 since:9 binary:9 put:9 ' +
  'constructor:9 level:9 optional:9 fail:9 functions:9 delete:9 about:9 root:9 header:9 query:9 apply:9 ' +
  'spec:9 template:9 literal:9 compatible:9 valueerror:9 kilu:8 kito:8 rape:8 fida:8 rami:8 rana:8 ' +
  'pedo:8 tosu:8 kane:8 mibo:8 lune:8 loze:8 zelu:8 kaze:8 raha:8 boki:8 fibo:8 suki:8 sudo:8 mofi:8 ' +
  'pevo:8 hado:8 lofi:8 lura:8 rate:8 temo:8 listen:8 javascript:8 enoent:8 content:8 fix:8 commit:8 ' +
  'worker:8 register:8 layer:8 left:8 never:8 psql:8 credentials:8 bytes:8 psycopg2:8 exported:8 ' +
  'resolved:8 httpsconnectionpool:8 event:8 init:8 expecting:8 sure:8 assert:8 needed:8 count:8 store:8 ' +
  'refusing:8 migrations:8 env:8 checksum:8 jar:8 snapshot:8 repo:8 true:8 attempting:8 char:8 tcp:8 ' +
  'waiting:8 explicit:8 like:8 continue:8 errno:8 permissions:8 referenced:8 src:8 suitable:8 ' +
  'fixtures:8 enable:8 order:8 cycle:8 send:8 closed:8 generate:8 control:8 aborted:8 services:8 shim:8 ' +
  'runc:8 native:8 modify:8 mcp:8 authenticate:8 against:8 standard:8 proxy:8 them:8 libraries:8 ' +
  'targets:8 plan:8 visual:8 invalidoperationexception:8 statuscode:8 mapping:8 deployment:8 right:8 ' +
  'foreign:8 integer:8 stat:8 pod:8 kara:7 hana:7 fifi:7 dosu:7 bolo:7 vobo:7 vodo:7 vope:7 nato:7 ' +
  'teto:7 dato:7 ts2582:7 zedo:7 mine:7 rize:7 mida:7 ravo:7 nete:7 zeto:7 bofi:7 nebo:7 bomi:7 gumi:7 ' +
  'hapa:7 voka:7 vosi:7 luka:7 namo:7 lomo:7 bone:7 tefi:7 mori:7 paki:7 kada:7 mina:7 teha:7 kasu:7 ' +
  'bolu:7 pafi:7 nara:7 sisi:7 eacces:7 rename:7 decode:7 moved:7 linker:7 custom:7 eslint:7 ' +
  'unauthorized:7 provide:7 building:7 head:7 supports:7 compose:7 rule:7 nameerror:7 yet:7 dial:7 ' +
  'warn:7 here:7 loader:7 pydantic:7 tests:7 sqlite:7 deploy:7 artifact:7 loading:7 bundle:7 longer:7 ' +
  'nomethoderror:7 development:7 correct:7 under:7 imports:7 higher:7 postcss:7 filename:7 changed:7 ' +
  'report:7 inifile:7 define:7 summary:7 channel:7 needs:7 explicitly:7 rpc:7 programmingerror:7 ' +
  'encryption:7 aborting:7 operator:7 assign:7 configure:7 mode:7 initialize:7 ext:7 executing:7 x86:7 ' +
  'rejected:7 econnrefused:7 items:7 crate:7 upgrade:7 origin:7 retry:7 javax:7 ssh:7 violates:7 ' +
  'length:7 sqlstate:7 depends:7 mount:7 processing:7 billing:7 terraform:7 composer:7 getting:7 ' +
  'nuget:7 nodes:7 objects:7 v1:7 workspace:7 component:7 cuda:7 inconsistent:7 clone:7 redacted:7 ' +
  'validation:7 member:7 editor:7 gubo:6 loto:6 telu:6 pene:6 luda:6 sisu:6 guvo:6 nesu:6 sida:6 doda:6 ' +
  'pagu:6 suha:6 peki:6 fimo:6 sibo:6 teze:6 nado:6 pesi:6 moto:6 loha:6 luri:6 lusi:6 nedo:6 vomo:6 ' +
  'sulu:6 pavo:6 luna:6 guka:6 hane:6 fito:6 lolo:6 hape:6 mogu:6 telo:6 haha:6 zelo:6 naze:6 raka:6 ' +
  'kami:6 naha:6 luha:6 mipe:6 tona:6 peda:6 nate:6 lori:6 vori:6 toka:6 kari:6 pate:6 pera:6 sumi:6 ' +
  'risi:6 gugu:6 peto:6 kasi:6 dane:6 momi:6 hamo:6 rilo:6 lupe:6 pada:6 guha:6 kisu:6 mona:6 rari:6 ' +
  'sufi:6 kape:6 hari:6 dogu:6 daha:6 miki:6 ralo:6 dada:6 mika:6 pemi:6 eresolve:6 react:6 engine:6 ' +
  'assignable:6 mark:6 position:6 then:6 didn:6 locally:6 logged:6 thrown:6 exports:6 rules:6 ' +
  'sslerror:6 2m:6 jest:6 cp:6 possible:6 tsconfig:6 appropriate:6 handle:6 analysis:6 conflicting:6 ' +
  'collecting:6 assignment:6 updates:6 location:6 localhost:6 copy:6 common:6 providing:6 rails:6 ' +
  'replace:6 modified:6 exceeds:6 parameters:6 blocking:6 tools:6 arm64:6 ts:6 through:6 apps:6 auth:6 ' +
  'updated:6 choose:6 download:6 stable:6 hung:6 ownership:6 sign:6 signing:6 heads:6 primary:6 ' +
  'ignored:6 sed:6 exiting:6 validating:6 collect:6 later:6 minimum:6 64:6 claude:6 wanted:6 happens:6 ' +
  'force:6 transform:6 attempted:6 uses:6 undeclared:6 within:6 tasks:6 tag:6 getaddrinfo:6 protocol:6 ' +
  'queryexception:6 clause:6 sqlalchemy:6 exc:6 other:6 agent:6 rm:6 pom:6 completed:6 ' +
  'actioncontroller:6 team:6 argumenterror:6 cd:6 blocked:6 child:6 output:6 php:6 trace:6 stream:6 ' +
  'nu1101:6 aws:6 requestid:6 crds:6 installation:6 convert:6 annotation:6 implemented:6 checked:6 ' +
  'row:6 incorrect:6 accounts:6 inputvalidationerror:6 inside:6 sh:6 simi:5 rapa:5 vomi:5 rato:5 tepa:5 ' +
  'gumo:5 lora:5 dari:5 guki:5 zeda:5 rite:5 raki:5 tote:5 navo:5 dabo:5 pelo:5 kaha:5 mifi:5 bopa:5 ' +
  'mimi:5 nasu:5 siki:5 havo:5 suto:5 rilu:5 dodo:5 rido:5 hasu:5 mote:5 ripe:5 hami:5 neda:5 halu:5 ' +
  'sumo:5 susi:5 nalu:5 lulo:5 lodo:5 rasi:5 fipe:5 sifi:5 guna:5 pane:5 moki:5 kavo:5 suda:5 nabo:5 ' +
  'volo:5 pabo:5 nasi:5 nepa:5 gupa:5 luze:5 zevo:5 sina:5 palu:5 haki:5 dalo:5 losi:5 voda:5 kipe:5 ' +
  'peze:5 tera:5 doki:5 dora:5 pato:5 kaka:5 dagu:5 lovo:5 molo:5 silo:5 suna:5 toze:5 paze:5 para:5 ' +
  'zeki:5 tete:5 pena:5 togu:5 guto:5 lumo:5 rimo:5 nene:5 lupa:5 ripa:5 mone:5 kibo:5 dafi:5 sira:5 ' +
  'toto:5 nena:5 migu:5 bogu:5 sugu:5 peri:5 tevo:5 tomi:5 bori:5 dara:5 loki:5 kimo:5 kapa:5 teda:5 ' +
  'tepe:5 filu:5 nana:5 pamo:5 mkdir:5 anonymous:5 heap:5 satisfies:5 torch:5 byte:5 py:5 overwritten:5 ' +
  'username:5 borrow:5 note:5 unix:5 assigned:5 typescript:5 major:5 asked:5 wheel:5 targeting:5 ' +
  'expired:5 attempt:5 pointer:5 pip:5 sync:5 adding:5 rollup:5 visit:5 importing:5 names:5 avoid:5 ' +
  'fmt:5 auto:5 signed:5 reason:5 relation:5 prepare:5 refers:5 redis:5 classnotfoundexception:5 ' +
  'tokens:5 false:5 permitted:5 existing:5 lockfile:5 binaries:5 treated:5 below:5 suites:5 ts7016:5 ' +
  'initializer:5 relative:5 directly:5 jsx:5 datetime:5 partially:5 circular:5 def:5 settings:5 short:5 ' +
  'offline:5 toolchain:5 large:5 protected:5 utils:5 transaction:5 commands:5 temporary:5 sent:5 ' +
  'sha256:5 additional:5 pool:5 artifacts:5 postgresql:5 builderror:5 seems:5 fs:5 definitions:5 meta:5 ' +
  'validationerror:5 await:5 exited:5 deprecated:5 safe:5 numpy:5 deadlock:5 e0599:5 built:5 newer:5 ' +
  'work:5 sslcertverificationerror:5 identifier:5 ec2:5 symbolic:5 switch:5 poms:5 final:5 util:5 ' +
  'checking:5 we:5 activesupport:5 old:5 domain:5 general:5 setup:5 symfony:5 present:5 restore:5 ' +
  'directive:5 folder:5 s3:5 bucket:5 unpack:5 kubernetes:5 scheduler:5 selector:5 patch:5 ' +
  'authenticator:5 warnings:5 loaded:5 signature:5 html:5 marked:5 might:5 updating:5 migration:5 ' +
  'invoice:5 greater:5 negotiate:5 their:5 offer:5 next:5 strict:5 point:5 bundler:5 gemfile:5 depth:5 ' +
  'hashicorp:5 utc:5 variables:5 pkg:5 bounds:5 temi:4 nelo:4 bote:4 mira:4 fimi:4 pegu:4 topa:4 zebo:4 ' +
  'nada:4 kiki:4 fine:4 lugu:4 dote:4 tone:4 lobo:4 loka:4 domi:4 miri:4 kigu:4 vofi:4 paka:4 kabo:4 ' +
  'milo:4 dopa:4 peha:4 kimi:4 doze:4 gulo:4 bosu:4 tene:4 tena:4 fize:4 sine:4 davo:4 suvo:4 neto:4 ' +
  'kato:4 kate:4 boto:4 teka:4 rina:4 rara:4 tesi:4 rine:4 nera:4 mobo:4 kika:4 lufi:4 mipa:4 kagu:4 ' +
  'neze:4 ragu:4 lulu:4 tedo:4 guda:4 vone:4 kido:4 riki:4 mite:4 fivo:4 hate:4 modo:4 riha:4 firi:4 ' +
  'teki:4 kite:4 voto:4 kalo:4 dana:4 misu:4 tovo:4 dasu:4 negu:4 habo:4 nape:4 zeze:4 pari:4 bora:4 ' +
  'nane:4 kilo:4 zesu:4 vona:4 nami:4 dope:4 ramo:4 momo:4 pete:4 bona:4 rasu:4 kize:4 dosi:4 kaki:4 ' +
  'dovo:4 voha:4 lopa:4 rado:4 sipe:4 lona:4 tofi:4 done:4 site:4 voze:4 nafi:4 pape:4 lone:4 dobo:4 ' +
  'haka:4 siha:4 gufi:4 sute:4 ts2304:4 lope:4 neha:4 ts2451:4 ts2307:4 possibly:4 reached:4 operand:4 ' +
  'unicodedecodeerror:4 codec:4 directories:4 issuer:4 mismatched:4 os:4 bug:4 allocate:4 toml:4 ' +
  'based:4 projects:4 digital:4 envelope:4 crypto:4 netsdk1045:4 uninitialized:4 generic:4 ' +
  'initialization:4 compiling:4 segmentation:4 violation:4 overriding:4 peer:4 constraints:4 ' +
  'handshake:4 dockerfile:4 overwrite:4 both:4 ts1259:4 details:4 trait:4 mutable:4 borrowed:4 ' +
  'tlssocket:4 onconnectsecure:4 wrap:4 unbound:4 compute:4 unsupportedclassversionerror:4 removed:4 ' +
  'migrate:4 offset:4 search:4 occurrence:4 ports:4 appears:4 e403:4 publish:4 produced:4 via:4 ' +
  'window:4 containing:4 global:4 extensions:4 ecmascript:4 css:4 emit:4 admin:4 oserror:4 natively:4 ' +
  'framework:4 blog:4 rustc:4 how:4 disconnect:4 packet:4 gh006:4 pem:4 legacy:4 until:4 verification:4 ' +
  'now:4 depend:4 defaults:4 sources:4 embedded:4 initial:4 conversion:4 fpermissive:4 notebook:4 ' +
  'doing:4 etarget:4 notarget:4 integrity:4 e401:4 item:4 esbuild:4 subprocess:4 generation:4 perform:4 ' +
  'meant:4 future:4 hypothesis:4 cgo:4 scan:4 unresolved:4 drop:4 dropped:4 pathspec:4 master:4 ' +
  'rebase:4 proxyerror:4 urllib3:4 cipher:4 secure:4 authority:4 uniqueviolation:4 invoices:4 pymysql:4 ' +
  'sum:4 ln:4 locale:4 en:4 resolvable:4 accessible:4 cpp:4 view:4 csrf:4 0ms:4 decrypt:4 keyword:4 ' +
  'psych:4 exactly:4 outdated:4 log:4 contents:4 contracts:4 ioexception:4 developer:4 backend:4 ' +
  'plane:4 failedscheduling:4 k8s:4 calls:4 changing:4 element:4 outofmemoryerror:4 gpu:4 allocated:4 ' +
  'hosts:4 incomplete:4 once:4 overflow:4 implementation:4 succeeded:4 deleting:4 submodule:4 maybe:4 ' +
  'rsa:4 fails:4'.trim();
