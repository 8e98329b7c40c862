# Removes the rxpacs workstation agent. Run elevated. -Purge also deletes %ProgramData%\rxpacs.
param([switch]$Purge)
$ErrorActionPreference = 'Stop'
Remove-ItemProperty -Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Run' -Name 'rxpacs-agent' -ErrorAction SilentlyContinue
Get-Process -Name 'rxpacs-agent' -ErrorAction SilentlyContinue | Stop-Process -Force
$target = Join-Path $env:ProgramFiles 'rxpacs-agent'
# This script may be running from $target: remove the program files, then the folder once it is free.
Get-ChildItem $target -Exclude 'uninstall.ps1' -ErrorAction SilentlyContinue | Remove-Item -Recurse -Force
Remove-Item $target -Recurse -Force -ErrorAction SilentlyContinue
if ($Purge) { Remove-Item (Join-Path $env:ProgramData 'rxpacs') -Recurse -Force -ErrorAction SilentlyContinue }
Write-Output 'rxpacs-agent removed'
