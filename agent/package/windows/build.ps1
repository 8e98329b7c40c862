# Builds the Windows workstation agent on a Windows build machine (not on the workstations):
#   Node.js of the version in package.json "engines" (x64), Git, Visual Studio Build Tools with
#   "Desktop development with C++" (pkcs11js is compiled by npm ci), PowerShell 5.1 or later.
#   Optional: signtool.exe (Windows SDK) and a code-signing certificate in the machine's store.
#
#   powershell -ExecutionPolicy Bypass -File agent\package\windows\build.ps1 [-CertThumbprint <sha1>]
#
# Writes .output\agent\rxpacs-agent-<version>-win32-x64.zip: rxpacs-agent.exe, lib\, agent.json,
# install.ps1 and uninstall.ps1, for the IT department's software distribution (see docs/agent-package.md).
param(
  [string]$CertThumbprint = '',
  [string]$TimestampUrl = 'http://timestamp.digicert.com'
)
$ErrorActionPreference = 'Stop'
Set-Location (Resolve-Path (Join-Path $PSScriptRoot '..\..\..'))

npm ci --no-audit --no-fund
if ($LASTEXITCODE -ne 0) { throw 'npm ci failed' }
npm run package:agent -- --out .output\agent
if ($LASTEXITCODE -ne 0) { throw 'npm run package:agent failed' }

$version = (Get-Content package.json -Raw | ConvertFrom-Json).version
$dir = Join-Path (Resolve-Path .output\agent) "rxpacs-agent-$version-win32-x64"
$exe = Join-Path $dir 'rxpacs-agent.exe'
if (-not (Test-Path $exe)) { throw "no $exe" }

# Sign after the bundle is injected (signing first would be broken by the injection).
if ($CertThumbprint) {
  signtool sign /sha1 $CertThumbprint /fd SHA256 /tr $TimestampUrl /td SHA256 $exe
  if ($LASTEXITCODE -ne 0) { throw 'signtool failed' }
}

Copy-Item (Join-Path $PSScriptRoot 'install.ps1'), (Join-Path $PSScriptRoot 'uninstall.ps1') $dir -Force
Copy-Item (Join-Path $PSScriptRoot '..\linux\agent.json') (Join-Path $dir 'agent.json') -Force
$zip = Join-Path (Split-Path $dir) "rxpacs-agent-$version-win32-x64.zip"
Compress-Archive -Path (Join-Path $dir '*') -DestinationPath $zip -Force
(Get-FileHash $zip -Algorithm SHA256).Hash.ToLower() + "  " + (Split-Path $zip -Leaf) | Out-File "$zip.sha256" -Encoding ascii
Write-Output "package: $zip"
