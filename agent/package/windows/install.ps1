# Installs the rxpacs workstation agent for every user of this PC. Run elevated (software distribution,
# or "Run as administrator") from the unpacked rxpacs-agent-<version>-win32-x64 folder:
#   powershell -ExecutionPolicy Bypass -File install.ps1
# The agent starts at each user's logon, in their own session (so the viewer opens on their desktop),
# and listens on 127.0.0.1:17380. Its configuration is %ProgramData%\rxpacs\agent.json (kept on upgrade).
$ErrorActionPreference = 'Stop'
$source = $PSScriptRoot
$target = Join-Path $env:ProgramFiles 'rxpacs-agent'
$configDir = Join-Path $env:ProgramData 'rxpacs'

# Running agents (any user's) hold the program open: stop them; they start again at the next logon.
Get-Process -Name 'rxpacs-agent' -ErrorAction SilentlyContinue | Stop-Process -Force
New-Item -ItemType Directory -Force -Path $target | Out-Null
Copy-Item (Join-Path $source 'rxpacs-agent.exe') $target -Force
if (Test-Path (Join-Path $target 'lib')) { Remove-Item (Join-Path $target 'lib') -Recurse -Force }
Copy-Item (Join-Path $source 'lib') $target -Recurse -Force
Copy-Item (Join-Path $source 'uninstall.ps1') $target -Force

New-Item -ItemType Directory -Force -Path $configDir | Out-Null
$config = Join-Path $configDir 'agent.json'
if (-not (Test-Path $config)) { Copy-Item (Join-Path $source 'agent.json') $config }
# Only administrators change which web origins may use the USB key: users (and what runs as them) read.
icacls $configDir /inheritance:r /grant:r '*S-1-5-32-544:(OI)(CI)F' '*S-1-5-18:(OI)(CI)F' '*S-1-5-32-545:(OI)(CI)RX' | Out-Null

# HKLM Run: started at every user's logon in that user's session (a service could not reach the desktop).
$run = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Run'
New-ItemProperty -Path $run -Name 'rxpacs-agent' -Value ('"' + (Join-Path $target 'rxpacs-agent.exe') + '"') -PropertyType String -Force | Out-Null
Write-Output "rxpacs-agent installed in $target; configuration $config; starts at the next logon"
