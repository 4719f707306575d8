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
