// Written by bench/fit-matcher.mjs: in how many of 5290 ordinary errors (synthetic and
// tuning texts) each common word occurs. Do not edit.
export const BACKGROUND_DOCS = 5290;
export const BACKGROUND =
  'error:2132 not:1604 in:1057 is:953 no:840 for:741 to:709 from:611 failed:591 cannot:572 type:509 ' +
  'module:504 find:478 missing:469 the:463 of:458 found:441 err:324 on:312 does:311 such:296 fatal:295 ' +
  'npm:294 file:292 has:291 response:272 package:262 daemon:260 command:256 out:255 or:255 exist:254 ' +
  'runtime:249 java:246 container:240 object:240 resolve:234 panic:232 lang:231 property:227 range:225 ' +
  'script:223 uncaught:222 function:212 named:210 illegalstateexception:206 attribute:206 typeerror:203 ' +
  'defined:199 at:198 keyerror:196 remote:195 attributeerror:191 modulenotfounderror:190 ' +
  'referenceerror:185 with:185 couldn:180 be:177 could:174 this:173 ref:170 e0412:168 you:146 and:145 ' +
  'an:133 by:126 code:120 directory:120 call:119 use:116 invalid:106 it:103 version:95 most:95 are:95 ' +
  'recent:94 but:93 unable:91 last:90 server:90 traceback:88 build:87 your:84 can:78 https:77 was:73 ' +
  'name:72 test:71 value:71 exception:69 com:67 run:66 key:65 that:64 import:63 api:63 project:62 as:62 ' +
  'read:60 already:59 line:59 have:57 when:57 node:57 internal:57 path:57 expected:55 because:55 ' +
  'using:55 only:55 denied:54 try:54 required:51 allowed:51 current:49 while:49 create:49 get:48 ' +
  'permission:48 host:48 did:47 must:47 available:47 warning:47 undefined:46 port:46 database:46 ' +
  'user:46 curl:45 go:45 install:45 string:45 may:44 connection:44 been:44 main:43 class:43 add:42 ' +
  'target:42 unknown:41 org:41 option:41 id:40 please:40 exists:40 some:39 exit:39 connect:39 used:38 ' +
  'if:38 default:38 set:38 errors:38 repository:37 plugin:37 variable:37 json:36 certificate:36 see:36 ' +
  'unexpected:35 files:35 which:35 match:35 all:35 config:35 open:34 start:34 process:34 thread:34 ' +
  'cmake:34 status:34 argument:34 method:34 git:33 source:33 requires:33 packages:33 more:33 non:33 ' +
  'caused:32 running:32 acme:32 http:32 operation:32 failure:32 specified:32 imported:31 unsupported:31 ' +
  'push:31 github:31 too:31 lock:30 following:30 ssl:30 field:30 dependencies:30 need:30 data:30 ' +
  'task:30 app:29 parse:29 syntax:29 load:29 due:29 its:28 extension:28 write:28 new:28 index:28 ' +
  'configured:28 reference:28 system:28 solve:27 exceeded:27 update:27 valid:27 any:26 local:26 ' +
  'request:26 select:26 make:26 txt:26 matching:26 vite:25 installed:25 webpack:25 configuration:25 ' +
  'supported:25 during:25 dependency:24 access:24 before:24 example:24 application:24 token:24 usage:24 ' +
  'specify:24 detected:24 there:24 constraint:24 namespace:24 versions:23 conflict:23 net:23 url:23 ' +
  'text:23 size:22 parameter:22 stack:22 authentication:22 scope:22 resource:22 column:22 modules:22 ' +
  'arguments:22 were:22 io:22 context:22 so:22 sql:22 core:21 require:21 properties:21 branch:21 bad:21 ' +
  'shop:21 returned:21 service:21 one:21 mysql:21 syntaxerror:20 statement:20 refs:20 list:20 ' +
  'execute:20 manifest:20 input:20 instead:20 exec:20 occurred:20 again:20 microsoft:20 changes:19 ' +
  'client:19 either:19 schema:19 after:19 exceptions:19 compiler:19 cmakelists:19 first:19 compile:19 ' +
  'release:19 will:19 table:19 verify:19 limit:18 environment:18 requested:18 gem:18 int:18 maximum:18 ' +
  'tool:18 options:18 information:18 hy000:18 expression:18 instance:18 null:17 importerror:17 ' +
  'parent:17 problem:17 docker:17 refused:17 dev:17 timeout:17 support:17 goal:17 end:17 js:17 raise:17 ' +
  'hint:17 declared:17 matches:17 compiled:17 passed:17 different:17 illuminate:17 creating:17 got:16 ' +
  'address:16 fetch:16 device:16 initialized:16 sqlite3:16 mean:16 cache:16 these:16 called:16 total:16 ' +
  'provided:16 activerecord:16 info:16 being:16 same:16 dir:16 detail:16 known:16 execution:16 ' +
  'syscall:15 near:15 password:15 successfully:15 group:15 message:15 routines:15 wrong:15 ' +
  'operationalerror:15 return:15 many:15 help:15 where:15 values:15 runtimeerror:15 up:15 provider:15 ' +
  'than:15 image:15 kado:14 long:14 sdk:14 cli:14 requests:14 stop:14 compilation:14 include:14 ' +
  'trying:14 contain:14 flag:14 given:14 python:14 assertionerror:14 do:14 enabled:14 block:14 ' +
  'network:14 edit:14 executable:14 struct:14 duplicate:14 unhandled:14 reading:13 received:13 max:13 ' +
  'working:13 ld:13 pytest:13 entry:13 map:13 into:13 symbol:13 gradle:13 platform:13 re:13 assets:13 ' +
  'consider:13 setting:13 security:13 pg:13 doesn:13 unique:13 over:13 ensure:13 vopa:12 toha:12 ' +
  'date:12 outside:12 memory:12 fixture:12 types:12 remove:12 pull:12 currently:12 maven:12 export:12 ' +
  'esm:12 change:12 commonjs:12 panicked:12 email:12 orders:12 format:12 declaration:12 const:12 ' +
  'forbidden:12 linux:12 suite:12 paths:12 private:12 oci:12 program:12 ghc:12 daka:11 implicitly:11 ' +
  'login:11 merge:11 complete:11 number:11 apache:11 feature:11 collect2:11 likely:11 character:11 ' +
  'users:11 bind:11 without:11 errno:11 check:11 want:11 unexpectedly:11 determine:11 driver:11 ' +
  'generated:11 shared:11 std:11 illegal:11 seconds:11 android:11 time:11 zene:10 kiha:10 tolu:10 ' +
  'suri:10 tree:10 incompatible:10 requirement:10 none:10 result:10 would:10 checkout:10 space:10 ' +
  'socket:10 tried:10 starting:10 ms:10 timed:10 retries:10 openssl:10 tls:10 definition:10 es:10 ' +
  'dynamic:10 bin:10 mod:10 locked:10 migrations:10 issue:10 parsing:10 contains:10 empty:10 top:10 ' +
  'level:10 loop:10 unrecognized:10 mismatch:10 async:10 django:10 latest:10 root:10 metadata:10 ' +
  'services:10 library:10 encountered:10 should:10 appear:10 disabled:10 role:10 sqlstate:10 link:10 ' +
  'problems:10 base:10 targets:10 bash:10 previous:10 kubelet:10 kind:10 another:10 right:10 mix:10 ' +
  'mope:9 kiri:9 volu:9 dapa:9 losu:9 gudo:9 rifi:9 supa:9 pemo:9 registry:9 corresponding:9 ' +
  'declarations:9 enoent:9 commit:9 left:9 hook:9 created:9 constant:9 plugins:9 nil:9 scoped:9 ' +
  'session:9 publickey:9 multiple:9 requirements:9 public:9 web:9 makefile:9 db:9 loaderror:9 since:9 ' +
  'attempting:9 binary:9 put:9 constructor:9 optional:9 fail:9 functions:9 send:9 delete:9 about:9 ' +
  'header:9 native:9 query:9 apply:9 statuscode:9 spec:9 v1:9 template:9 literal:9 compatible:9 pod:9 ' +
  'valueerror:9 kilu:8 kito:8 rape:8 fida:8 rami:8 rana:8 pedo:8 tosu:8 kane:8 mibo:8 lune:8 loze:8 ' +
  'zelu:8 kaze:8 raha:8 boki:8 fibo:8 suki:8 sudo:8 mofi:8 pevo:8 hado:8 lofi:8 lura:8 rate:8 temo:8 ' +
  'listen:8 javascript:8 content:8 fix:8 worker:8 register:8 layer:8 never:8 psql:8 credentials:8 ' +
  'bytes:8 psycopg2:8 head:8 compose:8 exported:8 resolved:8 httpsconnectionpool:8 event:8 init:8 ' +
  'expecting:8 sure:8 assert:8 updates:8 needed:8 count:8 store:8 refusing:8 env:8 checksum:8 jar:8 ' +
  'snapshot:8 repo:8 true:8 char:8 tcp:8 waiting:8 explicit:8 higher:8 like:8 continue:8 permissions:8 ' +
  'referenced:8 src:8 suitable:8 fixtures:8 enable:8 order:8 cycle:8 closed:8 generate:8 rpc:8 ' +
  'control:8 aborted:8 validating:8 additional:8 shim:8 runc:8 mode:8 ext:8 executing:8 modify:8 mcp:8 ' +
  'rejected:8 authenticate:8 against:8 standard:8 proxy:8 them:8 libraries:8 plan:8 getting:8 visual:8 ' +
  'invalidoperationexception:8 mapping:8 deployment:8 foreign:8 integer:8 stat:8 kara:7 hana:7 fifi:7 ' +
  'dosu:7 bolo:7 vobo:7 vodo:7 vope:7 nato:7 teto:7 dato:7 ts2582:7 zedo:7 mine:7 rize:7 mida:7 ravo:7 ' +
  'nete:7 zeto:7 bofi:7 nebo:7 bomi:7 gumi:7 hapa:7 voka:7 vosi:7 luka:7 namo:7 lomo:7 bone:7 tefi:7 ' +
  'mori:7 paki:7 kada:7 mina:7 teha:7 kasu:7 bolu:7 pafi:7 nara:7 sisi:7 eacces:7 rename:7 decode:7 ' +
  'moved:7 linker:7 custom:7 eslint:7 unauthorized:7 provide:7 building:7 supports:7 rule:7 nameerror:7 ' +
  'yet:7 dial:7 warn:7 here:7 loader:7 pydantic:7 tests:7 sqlite:7 deploy:7 copy:7 artifact:7 loading:7 ' +
  'bundle:7 longer:7 nomethoderror:7 development:7 correct:7 ts:7 under:7 imports:7 postcss:7 ' +
  'filename:7 changed:7 report:7 inifile:7 define:7 summary:7 auth:7 channel:7 needs:7 explicitly:7 ' +
  'toolchain:7 hung:7 programmingerror:7 encryption:7 aborting:7 operator:7 exiting:7 assign:7 ' +
  'configure:7 minimum:7 initialize:7 x86:7 econnrefused:7 items:7 crate:7 upgrade:7 origin:7 retry:7 ' +
  'getaddrinfo:7 javax:7 protocol:7 ssh:7 violates:7 length:7 depends:7 mount:7 processing:7 billing:7 ' +
  'terraform:7 composer:7 php:7 nuget:7 directive:7 nodes:7 objects:7 workspace:7 component:7 cuda:7 ' +
  'inconsistent:7 clone:7 redacted:7 validation:7 member:7 editor:7 sh:7 gubo:6 loto:6 telu:6 pene:6 ' +
  'luda:6 sisu:6 guvo:6 nesu:6 sida:6 doda:6 pagu:6 suha:6 peki:6 fimo:6 sibo:6 teze:6 nado:6 pesi:6 ' +
  'moto:6 loha:6 luri:6 lusi:6 nedo:6 vomo:6 sulu:6 pavo:6 luna:6 guka:6 hane:6 fito:6 lolo:6 hape:6 ' +
  'mogu:6 telo:6 haha:6 zelo:6 naze:6 raka:6 kami:6 naha:6 luha:6 mipe:6 tona:6 peda:6 nate:6 lori:6 ' +
  'vori:6 toka:6 kari:6 pate:6 pera:6 sumi:6 risi:6 gugu:6 peto:6 kasi:6 dane:6 momi:6 hamo:6 rilo:6 ' +
  'lupe:6 pada:6 guha:6 kisu:6 mona:6 rari:6 sufi:6 kape:6 hari:6 dogu:6 daha:6 miki:6 ralo:6 dada:6 ' +
  'mika:6 pemi:6 eresolve:6 react:6 engine:6 assignable:6 mark:6 position:6 then:6 didn:6 locally:6 ' +
  'logged:6 thrown:6 exports:6 rules:6 sslerror:6 2m:6 jest:6 cp:6 possible:6 tsconfig:6 appropriate:6 ' +
  'handle:6 analysis:6 conflicting:6 collecting:6 assignment:6 location:6 localhost:6 refers:6 common:6 ' +
  'classnotfoundexception:6 providing:6 rails:6 replace:6 modified:6 exceeds:6 parameters:6 blocking:6 ' +
  'tools:6 arm64:6 through:6 oserror:6 apps:6 updated:6 choose:6 download:6 stable:6 large:6 ' +
  'ownership:6 sign:6 signing:6 heads:6 primary:6 ignored:6 sed:6 collect:6 later:6 builderror:6 64:6 ' +
  'claude:6 wanted:6 happens:6 force:6 transform:6 attempted:6 uses:6 undeclared:6 within:6 tasks:6 ' +
  'master:6 tag:6 queryexception:6 clause:6 sqlalchemy:6 exc:6 other:6 agent:6 rm:6 pom:6 checking:6 ' +
  'completed:6 actioncontroller:6 team:6 argumenterror:6 cd:6 blocked:6 child:6 output:6 trace:6 ' +
  'stream:6 nu1101:6 developer:6 aws:6 requestid:6 crds:6 installation:6 convert:6 annotation:6 ' +
  'implemented:6 checked:6 next:6 row:6 incorrect:6 accounts:6 inputvalidationerror:6 dotnet:6 inside:6 ' +
  'pkg:6 simi:5 rapa:5 vomi:5 rato:5 tepa:5 gumo:5 lora:5 dari:5 guki:5 zeda:5 rite:5 raki:5 tote:5 ' +
  'navo:5 dabo:5 pelo:5 kaha:5 mifi:5 bopa:5 mimi:5 nasu:5 siki:5 havo:5 suto:5 rilu:5 dodo:5 rido:5 ' +
  'hasu:5 mote:5 ripe:5 hami:5 neda:5 halu:5 sumo:5 todo:5 susi:5 nalu:5 lulo:5 lodo:5 rasi:5 fipe:5 ' +
  'sifi:5 guna:5 pane:5 moki:5 kavo:5 suda:5 nabo:5 volo:5 pabo:5 nasi:5 nepa:5 gupa:5 luze:5 zevo:5 ' +
  'sina:5 palu:5 haki:5 dalo:5 losi:5 voda:5 kipe:5 peze:5 tera:5 doki:5 dora:5 pato:5 kaka:5 dagu:5 ' +
  'lovo:5 molo:5 silo:5 suna:5 toze:5 paze:5 para:5 zeki:5 tete:5 pena:5 togu:5 guto:5 lumo:5 rimo:5 ' +
  'nene:5 lupa:5 ripa:5 mone:5 kibo:5 dafi:5 sira:5 toto:5 nena:5 migu:5 bogu:5 sugu:5 peri:5 tevo:5 ' +
  'tomi:5 bori:5 dara:5 loki:5 kimo:5 kapa:5 teda:5 tepe:5 filu:5 nana:5 pamo:5 mkdir:5 anonymous:5 ' +
  'heap:5 satisfies:5 torch:5 byte:5 py:5 overwritten:5 username:5 borrow:5 note:5 unix:5 assigned:5 ' +
  'typescript:5 major:5 asked:5 wheel:5 projects:5 targeting:5 expired:5 attempt:5 pointer:5 pip:5 ' +
  'handshake:5 sync:5 adding:5 rollup:5 visit:5 importing:5 names:5 avoid:5 fmt:5 auto:5 signed:5 ' +
  'reason:5 relation:5 prepare:5 redis:5 tokens:5 false:5 permitted:5 wrapper:5 existing:5 lockfile:5 ' +
  'binaries:5 treated:5 below:5 suites:5 ts7016:5 initializer:5 relative:5 directly:5 jsx:5 datetime:5 ' +
  'partially:5 circular:5 def:5 settings:5 short:5 offline:5 disconnect:5 packet:5 protected:5 utils:5 ' +
  'transaction:5 commands:5 temporary:5 sent:5 sha256:5 pool:5 artifacts:5 postgresql:5 seems:5 fs:5 ' +
  'definitions:5 meta:5 validationerror:5 await:5 exited:5 deprecated:5 safe:5 numpy:5 deadlock:5 ' +
  'e0599:5 built:5 newer:5 active:5 rebase:5 work:5 sslcertverificationerror:5 identifier:5 ec2:5 ' +
  'symbolic:5 switch:5 poms:5 final:5 util:5 we:5 activesupport:5 old:5 domain:5 general:5 setup:5 ' +
  'symfony:5 present:5 restore:5 folder:5 backend:5 s3:5 bucket:5 unpack:5 kubernetes:5 pods:5 ' +
  'scheduler:5 selector:5 patch:5 still:5 authenticator:5 warnings:5 loaded:5 signature:5 html:5 ' +
  'marked:5 might:5 updating:5 migration:5 invoice:5 greater:5 negotiate:5 their:5 offer:5 strict:5 ' +
  'point:5 bundler:5 gemfile:5 depth:5 hashicorp:5 utc:5 variables:5 laravel:5 bounds:5 temi:4 nelo:4 ' +
  'bote:4 mira:4 fimi:4 pegu:4 topa:4 zebo:4 nada:4 kiki:4 fine:4 lugu:4 dote:4 tone:4 lobo:4 loka:4 ' +
  'domi:4 miri:4 kigu:4 vofi:4 paka:4 kabo:4 milo:4 dopa:4 peha:4 kimi:4 doze:4 gulo:4 bosu:4 tene:4 ' +
  'tena:4 fize:4 sine:4 davo:4 suvo:4 neto:4 kato:4 kate:4 boto:4 teka:4 rina:4 rara:4 tesi:4 rine:4 ' +
  'nera:4 mobo:4 kika:4 lufi:4 mipa:4 kagu:4 neze:4 ragu:4 lulu:4 tedo:4 guda:4 vone:4 kido:4 riki:4 ' +
  'mite:4 fivo:4 hate:4 modo:4 riha:4 firi:4 teki:4 kite:4 voto:4 kalo:4 dana:4 misu:4 tovo:4 dasu:4 ' +
  'negu:4 habo:4 nape:4 zeze:4 pari:4 bora:4 nane:4 kilo:4 zesu:4 vona:4 nami:4 dope:4 ramo:4 momo:4 ' +
  'pete:4 bona:4 rasu:4 kize:4 dosi:4 kaki:4 dovo:4 voha:4 lopa:4 rado:4 sipe:4 lona:4 tofi:4 done:4 ' +
  'site:4 voze:4 nafi:4 pape:4 lone:4 dobo:4 haka:4 siha:4 gufi:4 sute:4 ts2304:4 lope:4 neha:4 ' +
  'ts2451:4 ts2307:4 possibly:4 reached:4 operand:4 unicodedecodeerror:4 codec:4 directories:4 issuer:4 ' +
  'mismatched:4 os:4 bug:4 allocate:4 toml:4 based:4 digital:4 envelope:4 crypto:4 netsdk1045:4 ' +
  'uninitialized:4 generic:4 initialization:4 compiling:4 segmentation:4 violation:4 overriding:4 ' +
  'peer:4 constraints:4 dockerfile:4 overwrite:4 both:4 ts1259:4 details:4 trait:4 mutable:4 borrowed:4 ' +
  'upstream:4 tlssocket:4 onconnectsecure:4 wrap:4 unbound:4 compute:4 unsupportedclassversionerror:4 ' +
  'removed:4 migrate:4 offset:4 search:4 occurrence:4 ports:4 gradlewrappermain:4 appears:4 e403:4 ' +
  'publish:4 produced:4 via:4 window:4 mjs:4 containing:4 global:4 extensions:4 ecmascript:4 css:4 ' +
  'emit:4 admin:4 natively:4 framework:4 blog:4 rustc:4 how:4 gh006:4 pem:4 legacy:4 until:4 ip:4 ' +
  'verification:4 now:4 depend:4 defaults:4 sources:4 embedded:4 initial:4 conversion:4 fpermissive:4 ' +
  'notebook:4 doing:4 etarget:4 notarget:4 integrity:4 e401:4 item:4 esbuild:4 subprocess:4 ' +
  'generation:4 perform:4 meant:4 future:4 hypothesis:4 cgo:4 scan:4 unresolved:4 drop:4 dropped:4 ' +
  'pathspec:4 merging:4 proxyerror:4 urllib3:4 cipher:4 secure:4 authority:4 uniqueviolation:4 ' +
  'invoices:4 pymysql:4 sum:4 ln:4 locale:4 en:4 resolvable:4 accessible:4 cpp:4 view:4 csrf:4 0ms:4 ' +
  'decrypt:4 keyword:4 psych:4 exactly:4 outdated:4 production:4 log:4 contents:4 contracts:4 ' +
  'ioexception:4 endpoint:4 plane:4 failedscheduling:4 k8s:4 calls:4 changing:4 element:4'.trim();
