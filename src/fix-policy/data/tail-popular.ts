// Well-known packages of the long-tail registries, by name: Hackage (cabal), Ansible Galaxy
// (collections and roles), CRAN and Bioconductor (R), and Julia's General registry. A package
// installed by name crosses projects only when it is on its registry's list; any other name stays
// in the project that proved it. Hackage, CRAN and Julia names are compared as written here (their
// registries' names differ by case: `Rcpp`, `ShellCheck`, `DataFrames`).
export const HACKAGE_POPULAR = `
aeson alex async attoparsec base bytestring cabal-fmt cabal-install cabal-plan containers criterion
directory doctest filepath fourmolu ghcid happy hashable haskell-language-server hedgehog hlint
hoogle hpack hspec hspec-discover http-client lens megaparsec mtl optparse-applicative ormolu pandoc
parsec process QuickCheck random servant ShellCheck stm stylish-haskell tasty text time transformers
unordered-containers vector weeder yaml
`;

export const GALAXY_POPULAR = `
amazon.aws ansible.netcommon ansible.posix ansible.utils ansible.windows azure.azcollection
community.aws community.crypto community.docker community.general community.mysql
community.postgresql community.windows containers.podman google.cloud kubernetes.core
geerlingguy.docker geerlingguy.pip geerlingguy.java geerlingguy.nodejs geerlingguy.mysql
geerlingguy.nginx geerlingguy.apache geerlingguy.php geerlingguy.postgresql geerlingguy.swap
geerlingguy.git geerlingguy.ntp geerlingguy.firewall geerlingguy.repo-epel
`;

export const CRAN_POPULAR = `
askpass backports base64enc bit64 BiocManager bookdown brio broom bslib cachem callr car caret cli
clipr colorspace commonmark cpp11 crayon curl data.table DBI dbplyr desc devtools diffobj digest
dplyr DT e1071 ellipsis evaluate fansi farver fastmap forcats fs furrr future generics gert
ggplot2 ggpubr ggrepel gh gitcreds glmnet glue gridExtra gtable haven here highr hms htmltools
htmlwidgets httpuv httr httr2 igraph installr isoband jquerylib jsonlite knitr labeling later
lattice lazyeval lifecycle lme4 lubridate magrittr markdown MASS Matrix memoise mgcv mime modelr
munsell nlme openssl openxlsx packrat pak pillar pkgbuild pkgconfig pkgload plotly plyr png
prettyunits processx progress promises ps purrr R6 randomForest rappdirs RColorBrewer Rcpp
RcppArmadillo RcppEigen readr readxl recipes rematch remotes renv reshape2 reticulate rlang
rmarkdown roxygen2 rprojroot RSQLite rstudioapi rvest sass scales sessioninfo shiny sp sf
stringi stringr survival sys terra testthat tibble tidymodels tidyr tidyselect tidyverse tinytex
usethis utf8 vctrs viridis viridisLite vroom waldo whisker withr xfun XML xml2 yaml zoo
AnnotationDbi Biobase BiocGenerics biomaRt Biostrings DESeq2 edgeR GenomicRanges IRanges limma
rtracklayer S4Vectors SummarizedExperiment
`;

export const JULIA_POPULAR = `
AbstractTrees BenchmarkTools CSV CairoMakie CategoricalArrays Chain ColorSchemes Colors Combinatorics
Conda DataFrames DataStructures Dates DiffEqBase DifferentialEquations Distances Distributions
Documenter FFTW FileIO Flux ForwardDiff GLM GLMakie HTTP IJulia ImageIO Images Interpolations
IterTools JLD2 JSON JSON3 JuMP Juno LaTeXStrings LinearAlgebra LoopVectorization MacroTools Makie
Measurements NLsolve NaNMath OffsetArrays Optim OrderedCollections OrdinaryDiffEq Parameters
PlotlyJS Plots Pluto PlutoUI PrettyTables ProgressMeter PyCall PyPlot QuadGK Random Reexport
Revise Roots SpecialFunctions StaticArrays Statistics StatsBase StatsPlots Symbolics Test
TimerOutputs Unitful Zygote
`;

/** .NET tools (NuGet packages of command-line programs) by id, as `dotnet tool install` takes them. */
export const DOTNET_TOOLS = `
cake.tool csharpier dotnet-counters dotnet-coverage dotnet-dump dotnet-ef dotnet-format
dotnet-outdated-tool dotnet-reportgenerator-globaltool dotnet-sonarscanner dotnet-stryker
dotnet-trace dotnetsay fantomas husky microsoft.web.librarymanager.cli nuke.globaltool paket
powershell swashbuckle.aspnetcore.cli dotnet-aspnet-codegenerator
`;
