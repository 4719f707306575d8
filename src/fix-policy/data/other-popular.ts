// Well-known packages of crates.io, RubyGems, Packagist and Homebrew, by name: a package installed
// by name crosses projects only when it is on its ecosystem's list (npm and PyPI have lists of their
// own); any other name stays in the project that proved it.
export const CRATES_POPULAR = `
ahash anyhow arc-swap async-trait axum base64 bincode bitflags bytes cargo-edit cargo-watch cargo-nextest
cargo-expand cargo-audit cargo-outdated cargo-udeps cfg-if chrono clap color-eyre colored criterion
crossbeam crossbeam-channel csv dashmap diesel dirs dotenv dotenvy env_logger eyre fastrand flate2 futures
futures-util getrandom glob hashbrown hex http http-body hyper indexmap indicatif insta itertools
lazy_static libc log memchr mime mockall nom num num-traits once_cell parking_lot percent-encoding
pin-project pretty_assertions proc-macro2 prost quote rand rand_core rayon regex reqwest ring rusqlite
rustls sea-orm semver serde serde_derive serde_json serde_yaml sha2 slab smallvec sqlx strum syn
tempfile thiserror time tokio tokio-stream tokio-util toml tonic tower tower-http tracing
tracing-subscriber trunk url uuid walkdir wasm-bindgen wasm-bindgen-cli wasm-pack web-sys which
zeroize zip sccache ripgrep fd-find bat just tauri-cli sqlx-cli diesel_cli cross
`;
export const GEMS_POPULAR = `
actioncable actionmailer actionpack actionview activejob activemodel activerecord activestorage
activesupport addressable bcrypt bootsnap brakeman bundler byebug capybara cocoapods concurrent-ruby
database_cleaner debug devise dotenv dotenv-rails factory_bot factory_bot_rails faker faraday ffi
foreman guard httparty i18n importmap-rails jbuilder jekyll json kaminari listen mini_magick minitest
mysql2 nokogiri pg pry pry-rails puma pundit rack rack-cors rails rails_12factor railties rake redis
rexml rspec rspec-core rspec-rails rubocop rubocop-performance rubocop-rails ruby-lsp sass-rails
selenium-webdriver shoulda-matchers sidekiq simplecov solargraph sprockets sqlite3 stimulus-rails
thor turbo-rails tzinfo-data web-console webmock webrick zeitwerk fastlane xcpretty
`;
export const COMPOSER_POPULAR = `
doctrine/dbal doctrine/orm guzzlehttp/guzzle laravel/framework laravel/sanctum laravel/breeze
laravel/tinker laravel/sail laravel/pint laravel/ui laravel/passport laravel/horizon laravel/telescope
livewire/livewire monolog/monolog nesbot/carbon phpstan/phpstan phpunit/phpunit psr/log
spatie/laravel-permission symfony/console symfony/http-foundation symfony/yaml symfony/var-dumper
symfony/dotenv symfony/mailer vlucas/phpdotenv friendsofphp/php-cs-fixer squizlabs/php_codesniffer
mockery/mockery fakerphp/faker barryvdh/laravel-debugbar barryvdh/laravel-ide-helper
league/flysystem ramsey/uuid twig/twig predis/predis intervention/image maatwebsite/excel
pestphp/pest nunomaduro/collision filament/filament inertiajs/inertia-laravel
`;
export const BREW_POPULAR = `
git node nvm python python@3.11 python@3.12 python@3.13 pyenv rbenv ruby go rust rustup rustup-init
openjdk openjdk@17 openjdk@21 maven gradle kotlin cmake ninja meson autoconf automake libtool pkg-config
pkgconf gcc llvm make protobuf grpc openssl openssl@3 readline sqlite postgresql postgresql@15
postgresql@16 mysql mariadb redis mongodb-community libpq jq yq wget curl gh git-lfs docker
docker-compose colima kubectl helm terraform awscli azure-cli ffmpeg imagemagick graphviz watchman
cocoapods xcodegen swiftlint swiftformat carthage fastlane deno bun pnpm yarn php composer
poppler tesseract gnupg pinentry-mac zlib libffi libyaml libxml2 libxslt icu4c pcre2 boost fmt
opencv vips libvips cairo pango giflib jpeg libpng webp freetype fontconfig harfbuzz shellcheck
shfmt ripgrep fd fzf bat tree htop tmux neovim vim coreutils gnu-sed findutils gawk direnv pre-commit
ruff black uv pipx poetry hugo flutter dart android-platform-tools temurin visual-studio-code
google-chrome firefox chromium iterm2 rectangle postman insomnia
`;
/** Go modules (and the tools installed from them), by module path prefix. */
export const GO_POPULAR = `
github.com/stretchr/testify github.com/spf13/cobra github.com/spf13/viper github.com/spf13/pflag
github.com/gin-gonic/gin github.com/labstack/echo/v4 github.com/gofiber/fiber/v2 github.com/go-chi/chi/v5
github.com/gorilla/mux github.com/gorilla/websocket github.com/google/uuid github.com/google/go-cmp
github.com/pkg/errors github.com/sirupsen/logrus go.uber.org/zap go.uber.org/mock github.com/golang/mock
github.com/jackc/pgx/v5 github.com/lib/pq github.com/go-sql-driver/mysql github.com/mattn/go-sqlite3
gorm.io/gorm gorm.io/driver/postgres gorm.io/driver/mysql gorm.io/driver/sqlite github.com/redis/go-redis/v9
github.com/joho/godotenv github.com/golang-jwt/jwt/v5 github.com/prometheus/client_golang
google.golang.org/grpc google.golang.org/protobuf github.com/golang/protobuf gopkg.in/yaml.v3
gopkg.in/yaml.v2 github.com/BurntSushi/toml github.com/urfave/cli/v2 github.com/charmbracelet/bubbletea
github.com/charmbracelet/lipgloss github.com/rs/zerolog github.com/samber/lo github.com/aws/aws-sdk-go-v2
golang.org/x/sync golang.org/x/net golang.org/x/text golang.org/x/crypto golang.org/x/sys golang.org/x/exp
golang.org/x/tools golang.org/x/tools/cmd/goimports golang.org/x/tools/gopls golang.org/x/vuln/cmd/govulncheck
honnef.co/go/tools/cmd/staticcheck github.com/golangci/golangci-lint/cmd/golangci-lint
github.com/air-verse/air github.com/cosmtrek/air github.com/swaggo/swag/cmd/swag github.com/a-h/templ/cmd/templ
github.com/sqlc-dev/sqlc/cmd/sqlc github.com/pressly/goose/v3/cmd/goose github.com/go-delve/delve/cmd/dlv
mvdan.cc/gofumpt gotest.tools/gotestsum github.com/onsi/ginkgo/v2 github.com/onsi/gomega
`;
/** NuGet packages, by id (lower case). */
export const NUGET_POPULAR = `
newtonsoft.json serilog serilog.aspnetcore serilog.sinks.console automapper fluentvalidation mediatr
dapper polly xunit xunit.runner.visualstudio nunit nunit3testadapter mstest.testframework mstest.testadapter
microsoft.net.test.sdk moq fluentassertions nsubstitute coverlet.collector bogus swashbuckle.aspnetcore
microsoft.entityframeworkcore microsoft.entityframeworkcore.sqlserver microsoft.entityframeworkcore.sqlite
microsoft.entityframeworkcore.design microsoft.entityframeworkcore.tools npgsql.entityframeworkcore.postgresql
microsoft.extensions.dependencyinjection microsoft.extensions.logging microsoft.extensions.configuration
microsoft.extensions.hosting microsoft.extensions.http microsoft.aspnetcore.authentication.jwtbearer
microsoft.aspnetcore.openapi system.text.json stackexchange.redis humanizer csvhelper
`;
