// Well-known packages of opam, LuaRocks and Nimble, by name: a package installed by name crosses
// projects only when it is on its ecosystem's list; any other name stays in the project that proved it.
export const OPAM_POPULAR = `
alcotest angstrom async base bisect_ppx bos cmdliner cohttp cohttp-lwt-unix conf-pkg-config core
core_unix cppo csexp ctypes dream dune dune-build-info eio fmt js_of_ocaml js_of_ocaml-compiler
js_of_ocaml-ppx logs lwt lwt_ppx menhir merlin ocaml-lsp-server ocamlbuild ocamlfind ocamlformat
odoc ounit2 ppx_deriving ppx_deriving_yojson ppx_expect ppx_inline_test ppx_jane ppx_sexp_conv
ppxlib qcheck re result rresult sexp_pretty sexplib stdio stdlib-shims uri utop uutf why3 yojson zarith
`;

export const ROCKS_POPULAR = `
argparse busted cluacov dkjson inspect lapis ldoc lpeg lrexlib-pcre lua-cjson lua-resty-http
lua-resty-jwt luacheck luacov luafilesystem luaposix luasec luasocket luassert luaunit lustache
lyaml middleclass moonscript penlight say serpent stdlib
`;

export const NIMBLE_POPULAR = `
argparse arraymancer checksums chronos cligen db_connector jester jsony karax malebolgia nimcrypto
nimpy nimterop norm pixie prologue puppy regex results stew unittest2 ws yaml zippy
`;

// conda's packages that are not Python packages by the same name on PyPI (interpreters, compilers,
// native libraries, CUDA, conda's own tools): with the PyPI lists, the names `conda install` crosses with.
export const CONDA_NATIVE = `
python pip nodejs yarn r-base r-essentials openjdk maven go rust julia gcc gxx gfortran clang clangxx
compilers c-compiler cxx-compiler fortran-compiler cmake make ninja pkg-config autoconf automake libtool
git git-lfs curl wget ca-certificates openssl zlib xz bzip2 lz4 zstd libffi libiconv libxml2 libxslt
readline ncurses sqlite libsqlite expat freetype fontconfig libpng jpeg libjpeg-turbo libtiff libwebp
cairo pango harfbuzz glib gtk3 qt pyqt pyside2 vtk boost boost-cpp eigen fftw gsl hdf5 netcdf4
libnetcdf gdal libgdal proj geos poppler graphviz python-graphviz ffmpeg imagemagick ghostscript
pandoc texlive-core mkl mkl-service openblas libblas liblapack blas cudatoolkit cuda-toolkit cuda-nvcc
cudnn nccl pytorch pytorch-cuda torchvision torchaudio cpuonly libgcc-ng libstdcxx-ng libgomp
zeromq libuv krb5 icu opencv libopencv conda conda-build conda-libmamba-solver mamba anaconda-client
nb_conda_kernels jupyter jupyterlab notebook ipykernel
`;

// Well-known packages of pub.dev (Dart and Flutter), by name.
export const PUB_POPULAR = `
args async bloc build_runner cached_network_image camera characters cloud_firestore collection
connectivity_plus crypto cupertino_icons dartz device_info_plus dio easy_localization equatable
firebase_analytics firebase_auth firebase_core firebase_messaging firebase_storage flutter_bloc
flutter_dotenv flutter_hooks flutter_launcher_icons flutter_lints flutter_local_notifications
flutter_native_splash flutter_riverpod flutter_secure_storage flutter_svg fl_chart fpdart freezed
freezed_annotation geolocator get get_it go_router google_fonts google_maps_flutter hive hive_flutter
hooks_riverpod http http_parser image_picker injectable intl json_annotation json_serializable lints
logger logging meta mockito mocktail package_info_plus path path_provider permission_handler
provider retrofit riverpod rxdart share_plus shared_preferences shelf sqflite stack_trace test
url_launcher uuid video_player webview_flutter yaml
`;
